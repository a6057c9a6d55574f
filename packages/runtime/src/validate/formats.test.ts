import { describe, expect, it } from "vitest";
import { formats } from "./formats.js";

/** Each case pins a decision; test/conformance/json-schema-suite.test.ts runs the suite's corpus. */
const accepts = (format: string, values: readonly string[]) => values.filter((v) => !formats[format]!(v));
const rejects = (format: string, values: readonly string[]) => values.filter((v) => formats[format]!(v));

describe("email (RFC 5321 Mailbox)", () => {
  it("accepts quoted local parts and address literals", () => {
    expect(accepts("email", ['"joe bloggs"@example.com', '"a\\"b"@example.com', '"@"@example.com', "a@[192.0.2.1]", "a@[IPv6:2001:db8::1]", "a.b+c@sub.example.com"])).toEqual([]);
  });

  it("rejects broken quoting, bad literals and bad domains", () => {
    expect(rejects("email", ['"unterminated@example.com', 'a"b"@example.com', '"a\\"@example.com', "a@[300.0.0.1]", "a@[IPv6:1::2::3]", "a@[192.0.2.1", "a@example.", "a@-x.com", "@example.com", "a@", "a..b@example.com"])).toEqual([]);
  });
});

describe("hostname (RFC 1123 with A-labels)", () => {
  it("rejects a trailing dot, as the JSON Schema suite does", () => {
    expect(rejects("hostname", ["example.", ".", "a..b"])).toEqual([]);
    expect(accepts("hostname", ["example", "a-b.example.com", "xn--nw2a.xn--j6w193g"])).toEqual([]);
  });

  it("rejects A-labels that are not valid Punycode or break IDNA2008 rules", () => {
    // xn--X: bad Punycode; xn--07jceefgh4c: DISALLOWED exceptions; xn--al-0ea: MIDDLE DOT without l·l;
    // xn--wva3j: KERAIA at the end; xn--5db1e: GERESH first; xn--vek: lone KATAKANA MIDDLE DOT;
    // XN--aa---o47jg78q: "--" in positions 3-4 of the U-label.
    expect(rejects("hostname", ["xn--X", "xn--07jceefgh4c", "xn--al-0ea", "xn--wva3j", "xn--5db1e", "xn--vek", "XN--aa---o47jg78q"])).toEqual([]);
    expect(accepts("hostname", ["xn--ll-0ea", "xn--wva3je", "xn--4dbc5h", "xn--k8j5u", "xn--ngba1o"])).toEqual([]);
  });
});

describe("uri (RFC 3986 absolute URI)", () => {
  it("accepts reg-names that are not valid IPv4 and every URI component", () => {
    expect(accepts("uri", ["http://999.999.999.999/", "http://087.10.0.1/", "urn:isbn:0451450523", "http://u:p@h:8080/p/a?q=1&r=%20#f/?", "http://[v1.x]/", "file:///etc/hosts"])).toEqual([]);
  });

  it("rejects bad percent-encodings, non-ASCII, stray brackets and a broken authority", () => {
    expect(rejects("uri", ["http://e.com/%6G", "http://e.com/%A", "http://e.com/%", "https://e.org/®", "http:/[::1]", "https://[@e.org/", "http://e.com:8a/", "http://a@b@c/", "http://[::1/", "rel/path", "http://e.com/#a#b"])).toEqual([]);
  });
});
