import { parseFailure, type ParseFailure } from "./types.js";

// `fatal` rejects invalid UTF-8 (and so every encoded surrogate); `ignoreBOM` keeps a BOM visible so it can be rejected.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const BOM = 0xfeff;

// Node 20 has String.prototype.isWellFormed; the ES2023 lib we compile against does not declare it.
type WellFormedCheck = string & { isWellFormed(): boolean };

/** The text to scan, or why the input is refused before any JSON work (size, encoding, BOM). */
export function toText(input: string | Uint8Array, maxBytes: number): string | ParseFailure {
  if (typeof input !== "string") {
    if (input.byteLength > maxBytes) return parseFailure("too_large", maxBytes);
    let text: string;
    try {
      text = decoder.decode(input);
    } catch {
      return parseFailure("invalid_utf8", 0);
    }
    return text.charCodeAt(0) === BOM ? parseFailure("bom", 0) : text;
  }
  // UTF-8 needs between 1 and 3 bytes per UTF-16 unit: the length decides most cases for free.
  if (input.length > maxBytes) return parseFailure("too_large", maxBytes);
  if (input.length * 3 > maxBytes && Buffer.byteLength(input, "utf8") > maxBytes) return parseFailure("too_large", maxBytes);
  if (input.charCodeAt(0) === BOM) return parseFailure("bom", 0);
  // A string can carry raw lone surrogates that no UTF-8 byte sequence could (I-JSON forbids them).
  if (!(input as WellFormedCheck).isWellFormed()) return parseFailure("lone_surrogate", 0);
  return input;
}
