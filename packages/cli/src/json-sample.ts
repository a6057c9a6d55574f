import { parseStrict, type ParseFailureReason } from "@toolgate/runtime";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

/**
 * Reads one recorded JSON sample as the adapter would (the runtime's strict parser: duplicate names,
 * lone surrogates, unsafe integers and `__proto__` keys refused), and says where it is wrong as
 * line:col. The strict parser leaves the position of a grammar error to JSON.parse, which has none
 * to give; jsonc-parser, in strict mode, finds it.
 */

export type SampleRead = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly line: number; readonly column: number; readonly message: string };

// Large enough for any recorded response a person would review; the spec's own max_depth bound.
const LIMITS = { maxBytes: 256 * 1024 * 1024, maxDepth: 256 };

const REASONS: Readonly<Record<Exclude<ParseFailureReason, "syntax">, string>> = {
  too_large: "larger than 256 MiB",
  too_deep: "nested deeper than 256 levels",
  invalid_utf8: "not valid UTF-8",
  bom: "starts with a byte order mark, which the adapter refuses",
  duplicate_key: "a member name appears twice in one object, which the adapter refuses",
  forbidden_key: "a member named __proto__, constructor or prototype, which the adapter refuses",
  lone_surrogate: "a lone surrogate escape, which the adapter refuses",
  non_finite_number: "a number too large to represent",
  unsafe_integer: "an integer beyond ±(2^53−1), which the adapter refuses unless limits.lossless_integers names its member",
};

// Keyed by jsonc-parser's names for its error codes (its enum is const, not importable here).
const GRAMMAR: Readonly<Record<string, string>> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a member name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: "expected the end of the input",
  UnexpectedEndOfString: "unterminated string",
  InvalidUnicode: "invalid \\u escape",
  InvalidEscapeCharacter: "invalid escape",
  InvalidCharacter: "a control character inside a string",
};

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function grammarError(text: string): { offset: number; message: string } {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  // jsonc-parser accepts a little JSON.parse refuses; then all there is to say is that it is not JSON.
  return first === undefined ? { offset: 0, message: "not valid JSON" } : { offset: first.offset, message: GRAMMAR[printParseErrorCode(first.error)] ?? "not valid JSON" };
}

export function readSample(bytes: Uint8Array): SampleRead {
  const outcome = parseStrict(bytes, LIMITS);
  if (outcome.ok) return outcome;
  if (outcome.reason === "too_large" || outcome.reason === "invalid_utf8" || outcome.reason === "bom") return { ok: false, line: 1, column: 1, message: REASONS[outcome.reason] };
  const text = new TextDecoder().decode(bytes);
  const found = outcome.reason === "syntax" ? grammarError(text) : { offset: outcome.offset, message: REASONS[outcome.reason] };
  return { ok: false, ...position(text, found.offset), message: found.message };
}
