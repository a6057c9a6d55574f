/**
 * One URL path segment from a call's input value, percent-encoded so that `/`, `?` and `#` cannot
 * leave the segment. `.` and `..` cannot be sent at all: URL parsers resolve them, and their
 * encodings `%2E` and `%2E%2E`, as dot segments into another path. For those it throws, and a
 * gateway turns the throw into INTERNAL_FAILURE with nothing sent.
 */
export function pathSegment(value: string | number): string {
  const text = String(value);
  if (text === "." || text === "..") throw new RangeError("a dot segment cannot be sent as a URL path segment");
  return encodeURIComponent(text);
}
