import { isBidiOk } from "./bidi.js";
import { aLabelOf, uLabelOf } from "./idna.js";

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const A_LABEL = /^xn--/i;
// RFC 3490 §3.1: IDEOGRAPHIC FULL STOP and the full-width and half-width full stops separate labels too.
const IDN_SEPARATOR = /[.\u3002\uff0e\uff61]/u;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * RFC 1123 host name: dot-separated LDH labels, no trailing dot; `xn--` labels must be valid
 * A-labels, and then the whole name must satisfy the Bidi rule (RFC 5893).
 */
export function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  const labels = text.split(".");
  if (!labels.every((label) => LABEL.test(label))) return false;
  if (!labels.some((label) => A_LABEL.test(label))) return true;
  const unicode = labels.map((label) => (A_LABEL.test(label) ? uLabelOf(label) : label));
  return unicode.every((label) => label !== undefined) && isBidiOk(unicode as string[]);
}

/** RFC 5890 internationalized host name: U-labels or A-labels, measured as the A-label name. */
export function isIdnHostname(text: string): boolean {
  if (ASCII.test(text)) return isHostname(text);
  const ascii = text.split(IDN_SEPARATOR).map((label) => (ASCII.test(label) ? label : aLabelOf(label)));
  return ascii.every((label) => label !== undefined) && isHostname(ascii.join("."));
}
