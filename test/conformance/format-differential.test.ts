import { formats } from "@toolgate/runtime";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/**
 * Our self-contained formats against ajv-formats (installed with the MCP SDK; never used at run
 * time) on strings over small alphabets, so that pointers, templates and durations have structure.
 * Where the two implement the same grammar they must agree exactly; where ajv-formats is laxer by
 * design, everything we accept it must accept too.
 */

const RUNS = Number(process.env.TOOLGATE_FUZZ_RUNS ?? 20_000);
const SEED = 20261201;
const ajv = new Ajv({ validateFormats: true });
addFormats.default(ajv, ["json-pointer", "relative-json-pointer", "uri-template", "duration"]);
const theirs = (format: string) => ajv.compile({ type: "string", format });

const over = (alphabet: string) => fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 16 });
// Durations as "P" (mostly) then tokens of digits and a unit letter, so that many are valid.
const token = fc.tuple(fc.constantFrom("", "0", "12", "1.5"), fc.constantFrom("Y", "M", "W", "D", "T", "H", "S", "")).map((t) => t.join(""));
const durationLike = fc.tuple(fc.constantFrom("P", "P", "P", "", "-P"), fc.array(token, { maxLength: 6 })).map(([p, ts]) => p + ts.join(""));

describe("formats against ajv-formats", () => {
  it.each([
    ["json-pointer", "/~012a#é"],
    ["relative-json-pointer", "/~012a#9"],
    // ajv-formats has no dotted variable names and excludes "'": the alphabet leaves both out.
    ["uri-template", "{}:*,+#/;?&=!@|%0aF_ -<>\\^`\"x\u007e"],
  ])("%s: same answers over %j", (format, alphabet) => {
    const check = theirs(format);
    fc.assert(fc.property(over(alphabet), (s) => formats[format]!(s) === check(s)), { seed: SEED, numRuns: RUNS });
  });

  it("duration: everything ours accepts, ajv-formats accepts (it also admits skipped units such as P1Y2D)", () => {
    const check = theirs("duration");
    fc.assert(fc.property(durationLike, (s) => !formats.duration!(s) || check(s)), { seed: SEED, numRuns: RUNS });
    expect([formats.duration!("P1Y2D"), check("P1Y2D")]).toEqual([false, true]);
  });
});
