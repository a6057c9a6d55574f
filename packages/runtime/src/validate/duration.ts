/**
 * `duration`: RFC 3339 Appendix A, ISO 8601 durations. Units must appear in the grammar's order and
 * nesting (`P1Y2D` skips the month, so it is invalid), weeks stand alone and digits are ASCII. Each
 * digit run is followed by a distinct unit letter, so matching is linear.
 */

const TIME = "T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)";
const DATE = "(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)";
const DURATION = new RegExp(`^P(?:${DATE}(?:${TIME})?|${TIME}|[0-9]+W)$`);

export const isDuration = (text: string): boolean => DURATION.test(text);
