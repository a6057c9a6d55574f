import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { RouteIR, RouteSegment } from "../ir/types.js";
import type { SchemaObject } from "../schema/walk.js";
import { resolveField, type Defs } from "./paths.js";

interface Ctx {
  readonly input: unknown;
  readonly defs: Defs;
  readonly locate: (pointer: string) => SourceRange;
  readonly sink: DiagnosticSink;
}

const PARTS = /\{([^{}]*)\}|([^{}]+)|([{}])/g;

/** RFC 3986 path characters that need no encoding (unreserved, sub-delims, ":", "@") and "/": no "%", "\", space or non-ASCII. */
const LITERAL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]+$/;

/** A value that is always one scalar path segment: a string or an integer (by type, or by enum/const). */
function isSegmentValue(schema: SchemaObject): boolean {
  const scalar = (v: unknown): boolean => typeof v === "string" || Number.isInteger(v);
  if (schema.type === "string" || schema.type === "integer") return true;
  if (Array.isArray(schema.enum)) return schema.enum.length > 0 && schema.enum.every(scalar);
  return "const" in schema && scalar(schema.const);
}

/** Splits `/reviews/{change_id}` into literal text and fields; reports what no request could be built from. */
function parseTemplate(path: string, at: SourceRange, ctx: Ctx): RouteSegment[] | undefined {
  const problem = (detail: string): undefined => void ctx.sink.report(diagnostic("TG330", at, { path: quote(path), detail }));
  if (!path.startsWith("/")) return problem("it must start with /");
  if (/[?#]/.test(path)) return problem("a query or fragment is not part of the path");
  const segments: RouteSegment[] = [];
  for (const [, field, text, brace] of path.matchAll(PARTS)) {
    if (brace !== undefined) return problem(`unmatched ${brace}`);
    if (text !== undefined && !LITERAL.test(text)) return problem(`${JSON.stringify(text)} holds a character a URL path would have to encode`);
    segments.push(field === undefined ? { text: text! } : { field: field.split(".") });
  }
  // Literal segments that would change the path's meaning: `//host` as an origin, `.`/`..` resolved away.
  const literal = path.split("/").slice(1);
  if (literal.some((segment, i) => segment === "" && i < literal.length - 1)) return problem("it has an empty segment (//)");
  if (literal.some((segment) => segment === "." || segment === "..")) return problem("it has a dot segment");
  return segments;
}

/** The route an HTTP upstream is called at, with every `{field}` a required scalar input field. */
export function buildRoute(upstream: { kind?: string; method?: string; path?: string } | undefined, ctx: Ctx): RouteIR | undefined {
  if (upstream?.path === undefined || (upstream.kind ?? "http") !== "http") return undefined;
  const at = ctx.locate("/upstream/path");
  const segments = parseTemplate(upstream.path, at, ctx);
  if (!segments) return undefined;
  for (const segment of segments) {
    if (!("field" in segment)) continue;
    const name = segment.field.join(".");
    // Top-level only: a nested field's parent may be null, and `input.a.b` would then throw.
    const field = segment.field.length === 1 ? resolveField(ctx.input, "input", name, ctx.defs) : undefined;
    if (!field || !field.required || !isSegmentValue(field.schema)) ctx.sink.report(diagnostic("TG331", at, { field: quote(name) }));
  }
  return { method: upstream.method ?? "GET", path: upstream.path, segments };
}
