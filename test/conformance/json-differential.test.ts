import { parseStrict } from "@toolgate/runtime";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/project.js";

/**
 * parseStrict against JSON.parse on generated JSON *texts* (whitespace, escapes, every number shape),
 * restricted to what strict parsing accepts: no duplicate or forbidden names, no lone surrogates, no
 * integers beyond ±(2^53−1). On those, the two must agree exactly.
 */

// CI-safe by default (100,000 runs timed out under load); raise with TOOLGATE_FUZZ_RUNS.
const RUNS = Number(process.env.TOOLGATE_FUZZ_RUNS ?? 10_000);
const SEED = 20261129;
const LIMITS = { maxBytes: 1 << 22, maxDepth: 64 };
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
const SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f", "/": "\\/" };

const hexEscape = (unit: number, upper: boolean): string => {
  const hex = unit.toString(16).padStart(4, "0");
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};

/** Spells a string with a per-character choice of literal, short escape or \u escape (pairs stay together). */
function spell(value: string, choices: readonly number[]): string {
  let out = "";
  let k = 0;
  for (const ch of value) {
    const choice = choices[k++ % choices.length] ?? 0;
    const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i));
    const mustEscape = ch === '"' || ch === "\\" || units[0]! < 0x20;
    if (choice >= 2 || (mustEscape && !(ch in SHORT))) out += units.map((u) => hexEscape(u, choice === 3)).join("");
    else if (choice === 1 && ch in SHORT) out += SHORT[ch];
    else out += mustEscape ? SHORT[ch] : ch;
  }
  return `"${out}"`;
}

const text = fc.string({ unit: "grapheme-composite", maxLength: 12 });
const spelled = (s: fc.Arbitrary<string>) =>
  fc.tuple(s, fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 })).map(([v, c]) => ({ value: v, text: spell(v, c) }));
const ws = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r"), maxLength: 2 });

const numberToken = fc.oneof(
  fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)).filter((t) => /[.eE]/.test(t) || Number.isSafeInteger(Number(t))),
  fc.tuple(fc.integer({ min: -999, max: 999 }), fc.nat(99), fc.constantFrom("e", "E", "e+", "e-", "E-"), fc.nat(300)).map(([a, b, e, x]) => `${a}.${b}${e}${x}`),
);

const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    spelled(text).map((s) => s.text),
    numberToken,
    fc.constantFrom("true", "false", "null"),
    fc.array(fc.tuple(ws, tie("json"), ws), { maxLength: 4 }).map((items) => `[${items.map(([a, v, b]) => a + v + b).join(",")}]`),
    fc.uniqueArray(fc.tuple(spelled(text.filter((k) => !FORBIDDEN.has(k))), ws, tie("json")), { maxLength: 4, selector: ([k]) => k.value })
      .map((members) => `{${members.map(([k, w, v]) => `${w}${k.text}${w}:${v}`).join(",")}}`),
  ),
}));

/**
 * The lossless path quotes a number token before JSON.parse sees it, so JSON.parse cannot reject a
 * malformed one there. Every class of RFC 8259 number error, with digit runs long enough (and short
 * enough) to reach or miss that path, stands under a lossless name.
 */
const digitRun = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 30 });
const malformedNumber = fc.oneof(
  digitRun.map((d) => `0${d}`), // leading zero
  digitRun.map((d) => `-0${d}`),
  digitRun.map((d) => `+${d}`), // leading plus
  digitRun.map((d) => `--${d}`), // doubled or lone minus
  fc.constant("-"),
  fc.tuple(digitRun, fc.constantFrom("-", "+"), fc.option(digitRun, { nil: "" })).map(([a, s, b]) => `${a}${s}${b}`), // sign inside or after
  fc.array(digitRun, { minLength: 3, maxLength: 12 }).map((parts) => parts.join("-")), // 1-2-3-…
  digitRun.map((d) => `${d}.`), // fraction without digits
  digitRun.map((d) => `.${d}`),
  fc.tuple(digitRun, digitRun, digitRun).map(([a, b, c]) => `${a}.${b}.${c}`), // two fractions
  fc.tuple(digitRun, fc.constantFrom("e", "E", "e+", "e-", ".e", ".e5")).map(([d, e]) => `${d}${e}`), // exponent without digits
  fc.tuple(digitRun, digitRun, digitRun).map(([a, b, c]) => `${a}e${b}e${c}`), // two exponents
  fc.tuple(digitRun, fc.constantFrom("e+-", "e--", "e++"), digitRun).map(([a, e, b]) => `${a}${e}${b}`),
  fc.tuple(digitRun, fc.constantFrom("x", "_", "n", "Infinity")).map(([d, x]) => `${d}${x}${d}`), // other characters
);
const bigInteger = fc.tuple(fc.boolean(), fc.constantFrom(..."123456789"), fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 15, maxLength: 40 }))
  .map(([negative, first, rest]) => `${negative ? "-" : ""}${first}${rest}`)
  .filter((t) => !Number.isSafeInteger(Number(t)));
/** Puts a token as the value of "id" somewhere inside a generated document. */
const underId = (token: fc.Arbitrary<string>) =>
  fc.tuple(json, token, ws, ws, fc.constantFrom(0, 1, 2)).map(([other, t, a, b, shape]) => {
    const member = `{"n":${other},${a}"id"${b}:${a}${t}${b}}`;
    return { token: t, input: [member, `[${other},${member}]`, `{"deep":${member},"x":${other}}`][shape]! };
  });
const LOSSLESS = { ...LIMITS, losslessIntegerKeys: ["id"] };

describe("parseStrict agrees with JSON.parse", () => {
  it(`on ${RUNS} generated texts without duplicates, forbidden names, lone surrogates or unsafe integers`, () => {
    fc.assert(
      fc.property(json, ws, ws, (body, before, after) => {
        const input = before + body + after;
        expect(parseStrict(input, LIMITS)).toEqual({ ok: true, value: JSON.parse(input) });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("always rejects an object with an injected duplicate name, however it is spelled", () => {
    const member = fc.tuple(spelled(text.filter((k) => !FORBIDDEN.has(k))), json);
    fc.assert(
      fc.property(fc.uniqueArray(member, { minLength: 1, maxLength: 5, selector: ([k]) => k.value }), fc.nat(), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }), json, (members, pick, choices, value) => {
        const original = members[pick % members.length]![0];
        const again = spell(original.value, choices);
        const input = `{${[...members.map(([k, v]) => `${k.text}:${v}`), `${again}:${value}`].join(",")}}`;
        expect(parseStrict(input, LIMITS)).toMatchObject({ ok: false, reason: "duplicate_key" });
      }),
      { seed: SEED, numRuns: Math.max(1_000, Math.floor(RUNS / 10)) },
    );
  });

  it("rejects every malformed number class under a lossless name", () => {
    fc.assert(
      fc.property(underId(malformedNumber), ({ input }) => {
        expect(() => JSON.parse(input)).toThrow();
        expect(parseStrict(input, LOSSLESS)).toMatchObject({ ok: false });
      }),
      { seed: SEED, numRuns: Math.max(1_000, Math.floor(RUNS / 10)) },
    );
  });

  it("returns a well-formed unsafe integer under a lossless name as exactly its digits", () => {
    fc.assert(
      fc.property(underId(bigInteger), ({ token, input }) => {
        const quoted = input.replace(new RegExp(`(?<="id"\\s*:\\s*)${token}`), `"${token}"`);
        expect(parseStrict(input, LOSSLESS)).toEqual({ ok: true, value: JSON.parse(quoted) });
      }),
      { seed: SEED, numRuns: Math.max(1_000, Math.floor(RUNS / 10)) },
    );
  });

  it("keeps every past counterexample fixed", () => {
    const fixtures = JSON.parse(readFileSync(join(repoRoot, "test/fixtures/json/regressions.json"), "utf8")) as { text: string; lossless?: string[]; expect: string }[];
    for (const f of fixtures) {
      const result = parseStrict(f.text, { ...LIMITS, losslessIntegerKeys: f.lossless ?? [] });
      expect(result.ok ? "accept" : result.reason, f.text).toBe(f.expect);
    }
  });
});
