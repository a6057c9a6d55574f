import { parseFailure, type ParseFailure } from "./types.js";

// `fatal` rejects invalid UTF-8 (and so every encoded surrogate); `ignoreBOM` keeps a BOM visible so it can be rejected.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const BOM = 0xfeff;

// Node 20 has String.prototype.isWellFormed; the ES2023 lib we compile against does not declare it.
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * The text to scan, or why the input is refused before any JSON work (size, encoding, BOM). A raw
 * lone surrogate in a string input is left to the parse (fast.ts, then `rawLoneSurrogate` below).
 */
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
  return input.charCodeAt(0) === BOM ? parseFailure("bom", 0) : input;
}

/**
 * A string can carry raw lone surrogates that no UTF-8 byte sequence could (I-JSON forbids them):
 * refused at offset 0, before the exact path. Decoded bytes never hold one (`fatal`).
 */
export const rawLoneSurrogate = (input: string | Uint8Array): ParseFailure | undefined =>
  typeof input === "string" && !(input as WellFormedCheck).isWellFormed() ? parseFailure("lone_surrogate", 0) : undefined;
