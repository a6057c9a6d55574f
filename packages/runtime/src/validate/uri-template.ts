/**
 * `uri-template`: RFC 6570 §2 syntax up to level 4 (operators, prefix and explode modifiers). Only
 * syntax is checked; nothing is expanded. Literals exclude "{", and a varchar is one character or
 * one `%XX`, so no repetition is ambiguous and matching is linear.
 */

import { IRI_EXTRA_CHARS } from "./iri.js";

const PCT = "%[0-9A-Fa-f]{2}";
// §2.1 literals: no CTL, SP, DQUOTE, "<", ">", "\\", "^", "`", "{", "|", "}", and "%" only as `%XX`. The RFC
// also excludes "'", but the JSON Schema suite accepts it (a'b is valid), so we do as the suite does.
const LITERAL = `(?:[\\x21\\x23\\x24\\x26-\\x3b\\x3d\\x3f-\\x5b\\x5d\\x5f\\x61-\\x7a\\x7e${IRI_EXTRA_CHARS}]|${PCT})`;
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT})`;
// §2.3-2.4: varname [":" max-length (1-9999) | "*"].
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = `\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\}`;
const TEMPLATE = new RegExp(`^(?:${LITERAL}|${EXPRESSION})*$`, "u");

export const isUriTemplate = (text: string): boolean => TEMPLATE.test(text);
