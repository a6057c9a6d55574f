import { isDate, isDateTime, isTime } from "../time/rfc3339.js";
import { isALabel } from "./idna.js";
import { isDuration } from "./duration.js";
import { isIpv4, isIpv6 } from "./ip.js";
import { isIri, isIriReference } from "./iri.js";
import { isJsonPointer, isRelativeJsonPointer } from "./json-pointer.js";
import { isRegex } from "./regex.js";
import { isUriTemplate } from "./uri-template.js";
import { isUri, isUriReference } from "./uri.js";

/**
 * Format assertions for generated validators. Self-contained (no ajv-formats at run time) and
 * linear-time: every regex here has no ambiguous repetition.
 */

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// RFC 5321 §4.1.2 Local-part: a Dot-string of atoms, or a Quoted-string.
const DOT_STRING = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;

/** RFC 1123 host name: dot-separated LDH labels, no trailing dot; `xn--` labels must be valid A-labels. */
export function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  return text.split(".").every((label) => LABEL.test(label) && (!/^xn--/i.test(label) || isALabel(label)));
}

/** RFC 5321 §4.1.3 address literal: `[IPv4]` or `[IPv6:…]`. */
function isAddressLiteral(text: string): boolean {
  if (!text.startsWith("[") || !text.endsWith("]")) return false;
  const inner = text.slice(1, -1);
  return /^IPv6:/i.test(inner) ? isIpv6(inner.slice(5)) : isIpv4(inner);
}

/** RFC 5321 §4.1.2 Mailbox; the domain part is a host name or an address literal. */
export function isEmail(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (text.length > 254 || at <= 0) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  return (DOT_STRING.test(local) || QUOTED_STRING.test(local)) && (isHostname(domain) || isAddressLiteral(domain));
}

export const formats: Readonly<Record<string, (text: string) => boolean>> = Object.freeze({
  date: isDate,
  "date-time": isDateTime,
  duration: isDuration,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  iri: isIri,
  "iri-reference": isIriReference,
  "json-pointer": isJsonPointer,
  regex: isRegex,
  "relative-json-pointer": isRelativeJsonPointer,
  time: isTime,
  uri: isUri,
  "uri-reference": isUriReference,
  "uri-template": isUriTemplate,
  uuid: (text: string) => UUID.test(text),
});
