/**
 * One URL path segment from a call's input value, percent-encoded so that `/`, `?` and `#` cannot
 * leave the segment. Some values cannot be sent at all, and for those it throws (a gateway turns the
 * throw into INTERNAL_FAILURE with nothing sent):
 * - `.` and `..`: URL parsers resolve them, and their encodings `%2E` and `%2E%2E`, as dot segments
 *   into another path;
 * - the empty string: `/deployments/{environment}` would become the collection `/deployments/`;
 * - a string with a lone surrogate, which has no UTF-8 encoding (encodeURIComponent throws URIError);
 * - anything but a string or a number (an absent field would otherwise be sent as `undefined`).
 */
export function pathSegment(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") throw new TypeError("only a string or a number can be a URL path segment");
  const text = String(value);
  if (text === "" || text === "." || text === "..") throw new RangeError("an empty or dot segment cannot be sent as a URL path segment");
  return encodeURIComponent(text);
}
