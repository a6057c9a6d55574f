/**
 * The only way generated code is produced. Interpolated strings are data: they are emitted as quoted
 * literals. Verbatim code must be a `Code` (built by `_`) or a validated `Name`. Spec strings are
 * untrusted input, so no code path turns a plain string into code.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// Words that cannot be used as binding names in strict-mode ES modules or TypeScript declarations.
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with yield let static implements interface package private protected public " +
    "await arguments eval undefined NaN Infinity any boolean never number object string symbol unknown " +
    "bigint type namespace declare abstract as async from of readonly keyof infer is satisfies"
  ).split(" "),
);

export class Code {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

export class Name extends Code {
  constructor(name: string) {
    if (!isSafeIdentifier(name)) throw new TypeError(`not a safe identifier: ${JSON.stringify(name)}`);
    super(name);
  }
}

export function isSafeIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name);
}

/** Data that may be interpolated: rendered as a JS literal, never as code. */
export type Literal = string | number | boolean | null | readonly Literal[] | { readonly [k: string]: Literal };
export type Interpolation = Code | Literal | undefined;

// TypeScript ends a string literal at U+2028/U+2029, and a lone surrogate has no UTF-8 encoding, so a
// file holding one verbatim would not read back as the string that was generated.
const UNSAFE_IN_SOURCE = /[\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Writes those characters as `\uXXXX`: the same string inside a literal, visible text inside a comment. */
export const escapeUnsafeChars = (text: string): string =>
  text.replace(UNSAFE_IN_SOURCE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** JSON with U+2028/U+2029 and lone surrogates escaped, so the literal is safe in any JS/TS source position. */
export function safeStringify(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("value has no JSON representation");
  return escapeUnsafeChars(json);
}

function render(value: Interpolation): string {
  if (value instanceof Code) return value.toString();
  if (value === undefined) return "undefined";
  if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError("non-finite number literal");
  return safeStringify(value);
}

/** Tagged template for code: `_\`const ${name} = ${"data"};\`` quotes the string and splices the Name. */
export function _(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Code {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += render(value) + (strings[i + 1] ?? "");
  });
  return new Code(text);
}

/** Code that is trusted by construction (fixed text in the compiler, or output of a trusted generator). */
export function raw(text: string): Code {
  return new Code(text);
}

export function join(parts: readonly Code[], separator = "\n"): Code {
  return new Code(parts.map(String).join(separator));
}

/** A property key: bare when it is a plain identifier, quoted otherwise, computed for `__proto__`. */
export function propertyKey(key: string): Code {
  if (key === "__proto__") return new Code(`[${safeStringify(key)}]`);
  return new Code(IDENTIFIER.test(key) ? key : safeStringify(key));
}

/** A property access on `target`: `.key` for identifiers, `["key"]` otherwise. */
export function member(target: Code, key: string): Code {
  return new Code(IDENTIFIER.test(key) ? `${target}.${key}` : `${target}[${safeStringify(key)}]`);
}

/** A JSDoc block whose text cannot terminate the comment early. */
export function jsdoc(text: string): Code {
  const lines = escapeUnsafeChars(text.replace(/\*\//g, "*\\/").replace(/[\u2028\u2029\r]/g, " "))
    .split("\n")
    .map((line) => ` * ${line}`.trimEnd());
  return new Code(`/**\n${lines.join("\n")}\n */`);
}

/** An object-literal entry: `key` alone when the value is the binding of that name, `key: value` otherwise. */
export function entry(key: string, value: Code): Code {
  return value.toString() === key ? value : new Code(`${propertyKey(key)}: ${value}`);
}

/** Wider than this, a list's entries go one per line. */
const INLINE_WIDTH = 80;
const CLOSING = { "{": "}", "[": "]", "(": ")" } as const;

/**
 * A bracketed list in the builder's layout: `{ a, b }` on one line when it is short, else each entry
 * on its own line with a trailing comma (`builderLayout` indents them), as Prettier would break it.
 */
export function list(open: "{" | "[" | "(", entries: readonly Code[]): Code {
  const close = CLOSING[open];
  if (entries.length === 0) return new Code(`${open}${close}`);
  const pad = open === "{" ? " " : "";
  const inline = `${open}${pad}${entries.join(", ")}${pad}${close}`;
  if (inline.length <= INLINE_WIDTH && !inline.includes("\n")) return new Code(inline);
  return new Code(`${open}\n${entries.map((e) => `${e},`).join("\n")}\n${close}`);
}
