import { isIdnHostname, isHostname } from "./hostname.js";
import { isIpv4, isIpv6 } from "./ip.js";

// RFC 5321 §4.1.2 Local-part: a Dot-string of atoms, or a Quoted-string.
const DOT_STRING = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
// RFC 6531 §3.3: atext and qtext extended with UTF8-non-ascii (any scalar value above U+007F).
const IDN_DOT_STRING = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\ud7ff\ue000-\u{10ffff}-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\ud7ff\ue000-\u{10ffff}-]+)*$/u;
const IDN_QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u0080-\ud7ff\ue000-\u{10ffff}]|\\[\x20-\x7e])*"$/u;

/** RFC 5321 §4.1.3 address literal: `[IPv4]` or `[IPv6:…]`. */
function isAddressLiteral(text: string): boolean {
  if (!text.startsWith("[") || !text.endsWith("]")) return false;
  const inner = text.slice(1, -1);
  return /^IPv6:/i.test(inner) ? isIpv6(inner.slice(5)) : isIpv4(inner);
}

/** local-part "@" domain, split at the last "@" (a quoted local part may hold one). */
function isMailbox(text: string, local: (part: string) => boolean, domain: (part: string) => boolean): boolean {
  const at = text.lastIndexOf("@");
  if (at <= 0) return false;
  const domainPart = text.slice(at + 1);
  return local(text.slice(0, at)) && (domain(domainPart) || isAddressLiteral(domainPart));
}

/** UTF-8 length in octets, without encoding (RFC 5321's limits count octets). */
function utf8Length(text: string): number {
  let octets = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is 4 octets: 2 for each half.
    octets += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return octets;
}

/** RFC 5321 §4.1.2 Mailbox; the domain part is a host name or an address literal. */
export const isEmail = (text: string): boolean =>
  text.length <= 254 && isMailbox(text, (local) => DOT_STRING.test(local) || QUOTED_STRING.test(local), isHostname);

/**
 * RFC 6531 Mailbox: UTF-8 in the local part, U-labels in the domain (read in NFC, as the
 * JSON-Schema-Test-Suite does), within RFC 5321 §4.5.3.1's 64-octet local part and 254-octet path.
 */
export const isIdnEmail = (text: string): boolean =>
  utf8Length(text) <= 254 &&
  isMailbox(text, (local) => utf8Length(local) <= 64 && (IDN_DOT_STRING.test(local) || IDN_QUOTED_STRING.test(local)), (domain) => isIdnHostname(domain.normalize("NFC")));
