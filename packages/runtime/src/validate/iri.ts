/**
 * The IRI formats: RFC 3987 is RFC 3986's grammar with ucschar allowed wherever unreserved is, and
 * iprivate in the query as well. Hosts stay as RFC 3986 reg-names over those characters.
 */

import { uriGrammar } from "./uri.js";

// RFC 3987 §2.2 ucschar and iprivate, as regex class ranges (used with the u flag).
const UCSCHAR =
  "\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}" +
  "\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}" +
  "\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}";
const IPRIVATE = "\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}";

const IRI = uriGrammar({ unreserved: UCSCHAR, query: IPRIVATE });

/** `iri`: an absolute IRI (RFC 3987 §2.2). */
export const isIri = IRI.absolute;
/** `iri-reference`: an IRI or a relative IRI reference. */
export const isIriReference = IRI.reference;

/** For uri-template.ts: literals admit the same non-ASCII characters. */
export const IRI_EXTRA_CHARS = UCSCHAR + IPRIVATE;
