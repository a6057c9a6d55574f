/**
 * The one redaction policy for free text an operator record keeps (an endpoint, a path, a host, a
 * command line, an exception message). It keeps the shape an operator needs to find the upstream
 * and removes what could be a credential or a caller's value:
 * - URL userinfo and fragments are dropped, query values are removed (names stay);
 * - path segments the spec's path template does not spell out become the template's `{name}`;
 * - header values are never kept (`Authorization: …` keeps its name only);
 * - known secret shapes and long opaque tokens (keys, JWTs, base64, hex, escapes) are masked.
 * Pure and total: any string in, a string out, and the marker itself never looks like a secret.
 */

const REDACTED = "[redacted]";
const MAX_LENGTH = 2048;

const SECRET_SHAPES: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(?:bearer|basic|digest)\s+[^\s,;]+/gi,
  // A name that says "secret", then a separator, then the value (key=…, "password": "…", --token …).
  /((?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|auth\w*|cookie|session|credential\w*|private[_-]?key)["']?\s*[:=]\s*|--?(?:pass(?:word)?|token|secret|api-key)[= ]\s*)("[^"]*"|'[^']*'|[^\s,;&]+)/gi,
  // Escaped or entity-encoded runs of four or more characters hide text from the rules below.
  /(?:\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}){4,}/g,
  /(?:&#x?[0-9a-fA-F]{1,7};){4,}/g,
  /(?:%[0-9a-fA-F]{2}){4,}/g,
];
/** A run long enough to carry a key, token or an encoding of one: letters and digits mixed. */
const OPAQUE_TOKEN = /[A-Za-z0-9+/=_.~-]{8,}/g;
const HEADER_LINE = /^(\s*[A-Za-z][A-Za-z0-9-]*-?(?:authorization|cookie|token|key|secret|auth)[A-Za-z0-9-]*\s*:).*$/gim;

/** Letters and digits in one run, and long, or in both cases, or switching often (`5fq2xr9lwz`, not `build-01`). */
const isOpaque = (run: string): boolean => {
  if (!/\d/.test(run) || !/[A-Za-z]/.test(run)) return false;
  const switches = run.match(/\d(?=[A-Za-z])|[A-Za-z](?=\d)/g)?.length ?? 0;
  return run.length >= 16 || (/[a-z]/.test(run) && /[A-Z]/.test(run)) || switches >= 4;
};

/** Known secret shapes and opaque tokens masked; what is left is words, numbers and punctuation. */
function maskSecrets(text: string): string {
  let masked = text.replace(HEADER_LINE, `$1 ${REDACTED}`);
  for (const shape of SECRET_SHAPES) masked = masked.replace(shape, (match, name?: string) => (typeof name === "string" && match.startsWith(name) ? `${name}${REDACTED}` : REDACTED));
  return masked.replace(OPAQUE_TOKEN, (run) => (isOpaque(run) ? REDACTED : run));
}

/** Query names kept (masked), values removed: `?a=&b=`. */
function redactQuery(search: string): string {
  if (search === "" || search === "?") return "";
  const names = search.slice(1).split("&").map((pair) => maskSecrets(pair.split("=")[0] ?? ""));
  return `?${names.map((name) => `${name}=`).join("&")}`;
}

/** Each segment as the template spells it, else the template's `{name}` there; segments past the template are `{…}`. */
function redactPath(path: string, template: string | undefined): string {
  const [pathPart = "", ...rest] = path.split("?");
  const query = rest.length > 0 ? redactQuery(`?${rest.join("?")}`) : "";
  const segments = pathPart.split("/");
  const spelled = template?.split("?")[0]?.split("/");
  const kept = segments.map((segment, i) => {
    const expected = spelled?.[i];
    if (expected === undefined) return spelled === undefined ? maskSecrets(segment) : segment === "" ? "" : "{…}";
    return expected === segment ? segment : /^\{[^{}]*\}$/.test(expected) ? expected : "{…}";
  });
  return `${kept.join("/")}${query}`;
}

function redactHost(host: string): string {
  const bare = host.slice(host.lastIndexOf("@") + 1);
  return bare.split(".").map((label) => maskSecrets(label)).join(".");
}

/** `[METHOD ]scheme://host[:port]/path?query`: userinfo and fragment dropped, path and query redacted. */
function redactEndpoint(value: string, template: string | undefined): string {
  const method = /^([A-Z]{1,16}) (.*)$/s.exec(value);
  const target = method ? method[2]! : value;
  const prefix = method ? `${method[1]} ` : "";
  if (target.startsWith("/")) return prefix + redactPath(target.split("#")[0]!, template);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    // No telling where its userinfo or path ends: only the scheme is safe to keep.
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(target);
    return prefix + (scheme ? `${scheme[0]}${REDACTED}` : maskSecrets(target));
  }
  const port = url.port === "" ? "" : `:${url.port}`;
  const origin = url.protocol === "file:" ? "file://" : `${url.protocol}//${redactHost(url.hostname)}${port}`;
  // An origin alone stays an origin: URL parsing would add the root path "/".
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\//i.test(target) ? url.pathname : "";
  return `${prefix}${origin}${redactPath(`${path}${url.search}`, template)}`;
}

/** Free text that may hold URLs: each URL redacted as an endpoint, the rest masked. */
function maskUrls(text: string): string {
  const withUrls = text.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*/gi, (url) => `\u0000${redactEndpoint(url, undefined)}\u0000`);
  return withUrls
    .split("\u0000")
    .map((part, i) => (i % 2 === 1 ? part : maskSecrets(part)))
    .join("");
}

/**
 * `value` as an operator record may keep it. `kind` says what the text is; `ctx.pathTemplate`
 * (the spec's `upstream.path`, e.g. `/reviews/{change_id}`) lets an endpoint or path keep the
 * segments the spec spells out.
 */
export function redactFreeText(kind: "endpoint" | "path" | "host" | "command" | "message", value: string, ctx?: { readonly pathTemplate?: string }): string {
  const text = typeof value === "string" ? value.slice(0, MAX_LENGTH) : "";
  switch (kind) {
    case "endpoint":
      return redactEndpoint(text, ctx?.pathTemplate);
    case "path":
      return redactPath(text.split("#")[0]!, ctx?.pathTemplate);
    case "host":
      return redactHost(text);
    default:
      return maskUrls(text);
  }
}
