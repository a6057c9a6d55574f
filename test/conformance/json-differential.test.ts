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

const RUNS = Number(process.env.TOOLGATE_FUZZ_RUNS ?? 100_000);
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

  it("keeps every past counterexample fixed", () => {
    const fixtures = JSON.parse(readFileSync(join(repoRoot, "test/fixtures/json/regressions.json"), "utf8")) as { text: string; lossless?: string[]; expect: string }[];
    for (const f of fixtures) {
      const result = parseStrict(f.text, { ...LIMITS, losslessIntegerKeys: f.lossless ?? [] });
      expect(result.ok ? "accept" : result.reason, f.text).toBe(f.expect);
    }
  });
});
