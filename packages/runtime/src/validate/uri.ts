/**
 * The `uri` format: an absolute URI by the RFC 3986 grammar (not WHATWG URL parsing, which rejects
 * valid reg-names such as 999.999.999.999 and accepts characters RFC 3986 does not). Every regex
 * here alternates a character class with `%XX`, which cannot overlap, so matching is linear.
 */

import { isIpv6 } from "./ip.js";

const PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
const QUERY = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
const IPV_FUTURE = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
const PORT = /^[0-9]*$/;

/** host [":" port], where host is an IP-literal in brackets or a reg-name (which covers IPv4). */
function isHostPort(text: string): boolean {
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    const literal = text.slice(1, end);
    const rest = text.slice(end + 1);
    return end > 0 && (isIpv6(literal) || IPV_FUTURE.test(literal)) && (rest === "" || (rest.startsWith(":") && PORT.test(rest.slice(1))));
  }
  const colon = text.indexOf(":");
  return colon < 0 ? REG_NAME.test(text) : REG_NAME.test(text.slice(0, colon)) && PORT.test(text.slice(colon + 1));
}

/** [userinfo "@"] host [":" port]; neither userinfo nor host may hold an "@". */
function isAuthority(text: string): boolean {
  const parts = text.split("@");
  if (parts.length > 2) return false;
  return parts.length === 2 ? USERINFO.test(parts[0]!) && isHostPort(parts[1]!) : isHostPort(text);
}

export function isUri(text: string): boolean {
  const m = PARTS.exec(text);
  if (!m) return false;
  const [, , hier = "", query, fragment] = m;
  if (query !== undefined && !QUERY.test(query)) return false;
  if (fragment !== undefined && !QUERY.test(fragment)) return false;
  if (!hier.startsWith("//")) return PATH.test(hier);
  const slash = hier.indexOf("/", 2);
  const authority = slash < 0 ? hier.slice(2) : hier.slice(2, slash);
  return isAuthority(authority) && PATH.test(slash < 0 ? "" : hier.slice(slash));
}
