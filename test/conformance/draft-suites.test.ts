import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { ajvPasses, compileThroughGen, loadDraft, type Draft, type GroupOutcome } from "../support/draft-suite.js";
import { scratchDir } from "../support/project.js";
import { wrongAnswers } from "../support/schema-suite.js";

/**
 * JSON-Schema-Test-Suite @44401e0 (../shared/testdata), draft4 to draft2020-12, each group through
 * `toolgate gen` as a user would write it: the group's schema in a file of its own, read in the
 * spec's `dialect`, upgraded to 2020-12 on load, bundled, checked, `unknown_members: ignore`, and
 * run through the generated validator. Ajv answers the same groups in the same run; the figures
 * are the README's table ("Dialects"). Reproduce: `npx vitest run test/conformance/draft-suites.test.ts`.
 */

// Ajv's schema refusal (TG210) is the one generic rejection; every rejected group must also carry
// a diagnostic that names its cause.
const GENERIC = new Set(["TG210"]);

interface Figures {
  readonly groups: number;
  readonly tests: number;
  readonly compiled: number;
  readonly passed: number;
  readonly wrong: number;
  /** Rejected groups by their first specific diagnostic code. */
  readonly rejected: Readonly<Record<string, number>>;
  readonly ajvPassed: number;
}

const PINNED: Record<Draft, Figures> = {
  draft4: { groups: 160, tests: 618, compiled: 152, passed: 601, wrong: 0, rejected: { TG203: 8 }, ajvPassed: 593 },
  draft6: { groups: 232, tests: 839, compiled: 221, passed: 816, wrong: 0, rejected: { TG203: 11 }, ajvPassed: 808 },
  draft7: { groups: 257, tests: 927, compiled: 246, passed: 904, wrong: 0, rejected: { TG203: 11 }, ajvPassed: 896 },
  "draft2019-09": { groups: 372, tests: 1259, compiled: 355, passed: 1223, wrong: 0, rejected: { TG203: 15, TG230: 2 }, ajvPassed: 1196 },
  "draft2020-12": { groups: 383, tests: 1299, compiled: 361, passed: 1250, wrong: 0, rejected: { TG203: 20, TG230: 2 }, ajvPassed: 1194 },
};

let scratch: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  scratch = await scratchDir("draft-suites");
});
afterAll(() => scratch.dispose());

const specificCode = (o: GroupOutcome): string | undefined => o.errors.find((e) => !GENERIC.has(e.code))?.code;

function figures(draft: Draft, outcomes: readonly GroupOutcome[], ajvPassed: number): Figures {
  const compiled = outcomes.filter((o) => o.validate);
  const rejected: Record<string, number> = {};
  for (const o of outcomes.filter((o) => !o.validate)) {
    const code = specificCode(o) ?? "generic";
    rejected[code] = (rejected[code] ?? 0) + 1;
  }
  const tests = (list: readonly GroupOutcome[]): number => list.reduce((n, o) => n + o.group.tests.length, 0);
  const wrong = compiled.reduce((n, o) => n + wrongAnswers(o.group, o.validate!).length, 0);
  return {
    groups: outcomes.length,
    tests: tests(outcomes),
    compiled: compiled.length,
    passed: tests(compiled) - wrong,
    wrong,
    rejected: Object.fromEntries(Object.entries(rejected).sort(([a], [b]) => (a < b ? -1 : 1))),
    ajvPassed,
  };
}

const percent = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)}%`;

describe.each(Object.keys(PINNED) as Draft[])("JSON-Schema-Test-Suite %s through toolgate gen", (draft) => {
  const outcomes: GroupOutcome[] = [];
  let ajvPassed = 0;

  beforeAll(async () => {
    const groups = await loadDraft(draft);
    for (const [i, group] of groups.entries()) {
      outcomes.push(await compileThroughGen(draft, group, join(scratch.dir, draft, String(i))));
      ajvPassed += ajvPasses(draft, group);
    }
  }, 600_000);

  it("answers every test of every group that compiles correctly", () => {
    const compiled = outcomes.filter((o) => o.validate);
    expect(compiled.flatMap((o) => wrongAnswers(o.group, o.validate!))).toEqual([]);
  });

  it("rejects every other group at gen time with a diagnostic naming the cause", () => {
    const generic = outcomes.filter((o) => !o.validate && specificCode(o) === undefined);
    expect(generic.map((o) => [o.group.key, o.errors.map((e) => `${e.code} ${e.message}`)])).toEqual([]);
  });

  it("has the README's figures", () => {
    const found = figures(draft, outcomes, ajvPassed);
    const f = found;
    // The README row, printed for `npx vitest run test/conformance/draft-suites.test.ts`.
    console.log(`| ${draft} | ${f.groups} / ${f.tests} | ${f.compiled} | ${f.passed} (${percent(f.passed, f.tests)}) | ${f.wrong} | ${Object.entries(f.rejected).map(([c, n]) => `${c} ${n}`).join(", ")} | ${f.ajvPassed} (${percent(f.ajvPassed, f.tests)}) |`);
    expect(found).toEqual(PINNED[draft]);
  });
});
