/**
 * The URI formats by the RFC 3986 grammar (not WHATWG URL parsing, which rejects valid reg-names
 * such as 999.999.999.999 and accepts characters RFC 3986 does not). The IRI formats (iri.ts) reuse
 * the same grammar with RFC 3987's extra characters. Every regex alternates a character class with
 * `%XX`, which cannot overlap, so matching is linear.
 */

import { isIpv6 } from "./ip.js";

/** Extra characters a grammar admits: RFC 3987 ucschar (everywhere unreserved is) and iprivate (query). */
export interface Extras {
  readonly unreserved: string;
  readonly query: string;
}

export interface UriGrammar {
  readonly absolute: (text: string) => boolean;
  readonly reference: (text: string) => boolean;
}

const SCHEME = "[A-Za-z][A-Za-z0-9+.\\-]*";
const REFERENCE = new RegExp(`^(?:(${SCHEME}):)?([^?#]*)(?:\\?([^#]*))?(?:#(.*))?$`, "su");
const IPV_FUTURE = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
const PORT = /^[0-9]*$/;

/** `^(?:[chars]|%XX)*$` with the u flag, so astral extras count as one character. */
const run = (chars: string): RegExp => new RegExp(`^(?:[${chars}]|%[0-9A-Fa-f]{2})*$`, "u");

export function uriGrammar(extras: Extras): UriGrammar {
  const unreserved = `A-Za-z0-9\\-._~!$&'()*+,;=${extras.unreserved}`;
  const userinfo = run(`${unreserved}:`);
  const regName = run(unreserved);
  const path = run(`${unreserved}:@/`);
  const query = run(`${unreserved}:@/?${extras.query}`);
  const fragment = run(`${unreserved}:@/?`);

  /** host [":" port], where host is an IP-literal in brackets or a reg-name (which covers IPv4). */
  const isHostPort = (text: string): boolean => {
    if (text.startsWith("[")) {
      const end = text.indexOf("]");
      const literal = text.slice(1, end);
      const rest = text.slice(end + 1);
      return end > 0 && (isIpv6(literal) || IPV_FUTURE.test(literal)) && (rest === "" || (rest.startsWith(":") && PORT.test(rest.slice(1))));
    }
    const colon = text.indexOf(":");
    return colon < 0 ? regName.test(text) : regName.test(text.slice(0, colon)) && PORT.test(text.slice(colon + 1));
  };

  /** [userinfo "@"] host [":" port]; neither userinfo nor host may hold an "@". */
  const isAuthority = (text: string): boolean => {
    const parts = text.split("@");
    if (parts.length > 2) return false;
    return parts.length === 2 ? userinfo.test(parts[0]!) && isHostPort(parts[1]!) : isHostPort(text);
  };

  /** hier-part or relative-part; without a scheme the first segment may not hold a ":" (path-noscheme). */
  const isHier = (hier: string, hasScheme: boolean): boolean => {
    if (!hier.startsWith("//")) return path.test(hier) && (hasScheme || !/^[^/]*:/.test(hier));
    const slash = hier.indexOf("/", 2);
    const authority = slash < 0 ? hier.slice(2) : hier.slice(2, slash);
    return isAuthority(authority) && path.test(slash < 0 ? "" : hier.slice(slash));
  };

  const check = (text: string, needsScheme: boolean): boolean => {
    const m = REFERENCE.exec(text);
    if (!m) return false;
    const [, scheme, hier = "", q, f] = m;
    if (needsScheme && scheme === undefined) return false;
    if (q !== undefined && !query.test(q)) return false;
    if (f !== undefined && !fragment.test(f)) return false;
    return isHier(hier, scheme !== undefined);
  };

  return { absolute: (text) => check(text, true), reference: (text) => check(text, false) };
}

const URI = uriGrammar({ unreserved: "", query: "" });

/** `uri`: an absolute URI (RFC 3986 §3). */
export const isUri = URI.absolute;
/** `uri-reference`: a URI or a relative reference (RFC 3986 §4.1). */
export const isUriReference = URI.reference;
