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

describe("idn-hostname (RFC 5890-5893)", () => {
  it("accepts U-labels, A-labels, the IDNA full stops and joiners in their contexts", () => {
    expect(accepts("idn-hostname", ["실례.테스트", "bücher.example", "xn--bcher-kva.example", "a\u3002b", "a\uff0eb", "a\uff61b", "ßς་〇", "l·l", "\u0915\u094d\u200d\u0937", "\u0628\u064a\u200c\u0628\u064a", "\u05d0\u05d1.example"])).toEqual([]);
  });

  it("rejects what IDNA2008 disallows or cannot prove valid: symbols, capitals, unnormalized text, ignorables", () => {
    // ☃ is valid in UTS #46 but DISALLOWED in IDNA2008; Ü and "cafe\u0301" are changed by the mapping.
    expect(rejects("idn-hostname", ["☃.example", "xn--n3h.example", "Bücher.example", "cafe\u0301.example", "a\u00adb", "\u115fa", "a\u2060b", "a\u{1d165}"])).toEqual([]);
  });

  it("applies CONTEXTJ: a joiner needs a virama before it, or joining letters around a ZWNJ", () => {
    expect(rejects("idn-hostname", ["\u0915\u200d\u0937", "x\u200cy", "\u0627\u200c\u0628", "\u200c\u0628"])).toEqual([]);
  });

  it("applies the Bidi rule to every label once one is right-to-left, also to A-labels in hostname", () => {
    expect(rejects("idn-hostname", ["0a.\u05d0", "a\u05d0", "\u05d0a", "\u05d00\u0660", "\u02b9a.\u05d0"])).toEqual([]);
    expect(rejects("hostname", ["xn--0ca24w", "xn--a-0hc", "0a.xn--4db"])).toEqual([]);
    expect(accepts("hostname", ["a.xn--4db", "xn--4dbc5h"])).toEqual([]);
  });

  it("measures labels and the name in their A-label form (248 characters here, 254 as A-labels)", () => {
    expect(rejects("idn-hostname", ["ü".repeat(60), `${"ü".repeat(50)}.${"a".repeat(63)}.${"a".repeat(63)}.${"a".repeat(63)}.aaaaa`, "", "a..b", "a\u3002"])).toEqual([]);
  });
});

describe("idn-email (RFC 6531)", () => {
  it("accepts UTF-8 in the local part, U-labels in the domain, address literals", () => {
    expect(accepts("idn-email", ["실례@실례.테스트", "δοκιμή@example.com", '"δοκιμή"@example.com', "\u{1d54f}@example.com", "user@cafe\u0301.com", "a@[192.0.2.1]", `${"a".repeat(64)}@example.com`])).toEqual([]);
  });

  it("rejects a lone surrogate, an over-long local part (octets), a bad domain and a full-width @", () => {
    expect(rejects("idn-email", ["\ud800@example.com", `${"é".repeat(33)}@example.com`, "a@☃.com", "user\uff20example.com", "a@", "@example.com", "a b@example.com"])).toEqual([]);
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

describe("uri-reference (RFC 3986 URI-reference)", () => {
  it("accepts every relative form, the empty reference and a dot-segment before a colon", () => {
    expect(accepts("uri-reference", ["", "?q=1", "#f", "//", "//h:80/p", "/a/b", "a/b", "./this:that", "http://e.com/"])).toEqual([]);
  });

  it("rejects a colon in the first segment without a scheme (path-noscheme), non-ASCII and backslashes", () => {
    expect(rejects("uri-reference", ["1:b", "9a:b/c", "/é", "\\\\share", "#a\\b", "//a@b@c/", "/%zz"])).toEqual([]);
  });
});

describe("iri and iri-reference (RFC 3987)", () => {
  it("accepts ucschar everywhere unreserved is, and iprivate in the query only", () => {
    expect(accepts("iri", ["http://ƒøø.ßår/𐌀?∂=π#ü", "http://e.com/?q=\u{E000}", "urn:ex:é"])).toEqual([]);
    expect(rejects("iri", ["http://e.com/\u{E000}", "http://e.com/#\u{E000}", "http://e.com/a b", "/abc", "âππ"])).toEqual([]);
  });

  it("iri-reference adds relative references", () => {
    expect(accepts("iri-reference", ["âππ", "/âππ", "#ƒräg", "//ƒøø.ßår/"])).toEqual([]);
    expect(rejects("iri-reference", ["#ƒräg\\mênt", "1é:x", "a\u0000b"])).toEqual([]);
  });
});

describe("uri-template (RFC 6570 level 4 syntax)", () => {
  it("accepts operators, modifiers, dotted and percent-encoded names, and an apostrophe as the suite does", () => {
    expect(accepts("uri-template", ["", "a'b", "a😀b", "{+v}{#v}{.v}{/v}{;v}{?v}{&v}{=v}{,v}{!v}{@v}{|v}", "{v*,w:9999}", "{a.b}", "{%41}", "x{y}z"])).toEqual([]);
  });

  it("rejects empty or malformed expressions, bad prefixes and excluded literals", () => {
    expect(rejects("uri-template", ["{}", "{a,}", "{a..b}", "{a.}", "{.}", "{v:0}", "{v:10000}", "{v:01}", "{{a}}", "}", "{é}", "a b", "a<b", "a%4"])).toEqual([]);
  });
});

describe("json-pointer and relative-json-pointer", () => {
  it("json-pointer: the empty pointer, any character but ~ and / in a token, escapes ~0 and ~1 only", () => {
    expect(accepts("json-pointer", ["", "/", "//", "/a~0~1b", "/😎", "/a\u0000b"])).toEqual([]);
    expect(rejects("json-pointer", ["a", "#/a", "/~", "/~2", "/a~"])).toEqual([]);
  });

  it("relative-json-pointer: a prefix without leading zeros, then # or a pointer; no index manipulation", () => {
    expect(accepts("relative-json-pointer", ["0", "0#", "12/a/0", "0//"])).toEqual([]);
    // `1+2/a` (index manipulation, draft-bhutton) is not in the suite's grammar and is rejected.
    expect(rejects("relative-json-pointer", ["", "01", "-1/a", "+1/a", "0##", "1#/a", "/a", "1+2/a", "١/a"])).toEqual([]);
  });
});

describe("regex (ECMA-262 with the u flag)", () => {
  it("accepts u-mode syntax and rejects Annex B leniencies", () => {
    expect(accepts("regex", ["([abc])+\\s+$", "(?<n>a)\\k<n>", "\\p{L}+", "[\\u{1F600}-\\u{1F64F}]", ""])).toEqual([]);
    expect(rejects("regex", ["^(abc]", "\\a", "a{", "]", "\\p{Nope}", "(?<n>a)(?<n>b)"])).toEqual([]);
  });

  it("counts nesting too deep for the engine to compile as invalid, without throwing", () => {
    expect(rejects("regex", ["(".repeat(100_000) + ")".repeat(100_000)])).toEqual([]);
  });
});

describe("duration (RFC 3339 Appendix A)", () => {
  it("accepts units in the grammar's order and nesting, and weeks alone", () => {
    expect(accepts("duration", ["P4DT12H30M5S", "P1Y2M", "P1M2D", "PT0S", "P0D", "PT36H", "PT1M2S", "P2W", "P01D"])).toEqual([]);
  });

  it("rejects skipped units, fractions, signs, empty parts and mixed weeks", () => {
    expect(rejects("duration", ["P", "PT", "P1YT", "P1Y2D", "PT1H2S", "P2D1Y", "PT0.5S", "PT0,5S", "-P1D", "P1WT1H", "P0Y1W", "P৩D", "P1D\n"])).toEqual([]);
  });
});
