import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberProof } from "../../packages/runtime/src/index.js";
import { scratchDir } from "../support/project.js";
import { AJV_WRONG, compileGroup, compileLeanGroup, loadRequiredSuite, loadSuiteFile, outOfScope, SUITE_DIR, wrongAnswers, type SuiteGroup, type Validate } from "../support/schema-suite.js";

/**
 * JSON-Schema-Test-Suite draft 2020-12 @44401e0 (../shared/testdata) against validators emitted by
 * our pipeline: each group's schema, exactly as written (objects are not closed), through
 * `standaloneSource` + `toRuntimeModule` from emit/validators.ts — the Ajv options and runtime-import
 * rewrite of `toolgate gen` — loaded as a module. Calling the emitter below `validatorDocument` is the
 * one deviation: the tool document would re-root `#` refs and close every object.
 */

interface Outcome {
  readonly group: SuiteGroup;
  readonly validate?: Validate;
}

let scratch: { dir: string; dispose: () => Promise<void> };
let groups: SuiteGroup[];
const outcomes: Outcome[] = [];

beforeAll(async () => {
  scratch = await scratchDir("json-schema-suite");
  groups = await loadRequiredSuite();
  for (const [index, group] of groups.entries()) {
    if (outOfScope(group) !== undefined) continue;
    try {
      outcomes.push({ group, validate: await compileGroup(group, index, join(scratch.dir, "required")) });
    } catch {
      outcomes.push({ group });
    }
  }
}, 300_000);

afterAll(() => scratch.dispose());

describe("JSON-Schema-Test-Suite draft2020-12 (required)", () => {
  it("reads the whole pinned corpus and scopes it as pinned", () => {
    const reasons: Record<string, number> = {};
    for (const g of groups) {
      const reason = outOfScope(g) ?? "in scope";
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }
    expect(groups.length).toBe(383);
    expect(groups.reduce((n, g) => n + g.tests.length, 0)).toBe(1299);
    expect(reasons).toEqual({
      // 287 before Object.prototype's names were fields (properties.json, required.json).
      "in scope": 289,
      "format is an annotation in the suite": 19,
      "rejected by the compiler's schema rules": 39,
      // 36 before $ref could name an $id or $anchor; those 16 compile through gen (draft-suites.test.ts).
      "outside the compiler's $ref model": 20,
      "refs that only the bundler resolves": 16,
    });
  });

  it("compiles every in-scope schema in our strict configuration", () => {
    // Ajv's strict refusals are the schema rules' TG219–TG222 now (so those groups are out of
    // scope), and a name both under properties and matched by patternProperties is allowed.
    expect(outcomes.filter((o) => !o.validate).map((o) => o.group.key)).toEqual([]);
  });

  it("answers every test of every other in-scope group correctly", () => {
    const run = outcomes.filter((o) => o.validate && !AJV_WRONG.includes(o.group.key));
    const wrong = run.flatMap((o) => wrongAnswers(o.group, o.validate!));
    expect(wrong).toEqual([]);
    // The figures in the report: groups and tests run, all passing.
    expect([run.length, run.reduce((n, o) => n + o.group.tests.length, 0)]).toEqual([284, 972]);
  });

  it("still answers wrongly on each pinned known-wrong group", () => {
    const stillWrong = outcomes.filter((o) => o.validate && AJV_WRONG.includes(o.group.key) && wrongAnswers(o.group, o.validate).length > 0);
    expect(stillWrong.map((o) => o.group.key).sort()).toEqual(AJV_WRONG);
  });
});

/**
 * The same corpus through the boolean emitter (emit/lean), which `toolgate gen` uses for every schema
 * it compiles. It declines none of the in-scope groups, and it also answers the groups Ajv refuses
 * or gets wrong, so those are run here as well.
 */
describe("JSON-Schema-Test-Suite draft2020-12 (required) through the boolean emitter", () => {
  const lean: { group: SuiteGroup; validate?: Validate & { errors?: unknown; proof?: MemberProof }; declined?: string }[] = [];

  beforeAll(async () => {
    for (const [index, group] of groups.entries()) {
      if (outOfScope(group) !== undefined) continue;
      const result = await compileLeanGroup(group, index, join(scratch.dir, "lean"));
      lean.push(typeof result === "function" ? { group, validate: result } : { group, declined: result.keyword });
    }
  }, 300_000);

  it("declines none of the in-scope groups", () => {
    expect(lean.filter((o) => o.declined !== undefined).map((o) => [o.group.key, o.declined])).toEqual([]);
    expect(lean).toHaveLength(289);
  });

  it("answers every test of every compiled group correctly, Ajv's known-wrong groups included", () => {
    const run = lean.filter((o) => o.validate);
    expect(run.flatMap((o) => wrongAnswers(o.group, o.validate!))).toEqual([]);
    expect(run.map((o) => o.group.key)).toEqual(expect.arrayContaining([...AJV_WRONG]));
    expect([run.length, run.reduce((n, o) => n + o.group.tests.length, 0)]).toEqual([289, 991]);
  });

  it("reports issues with a schema path and keyword for each rejection (every failure, at least one) and none for acceptance", () => {
    const named = (e: { schemaPath: string; keyword: string }): boolean => e.schemaPath.startsWith("#") && e.schemaPath.endsWith(`/${e.keyword}`);
    const bad = lean.filter((o) => o.validate).flatMap((o) =>
      o.group.tests.flatMap((t) => {
        const valid = o.validate!(t.data);
        const errors = o.validate!.errors as { schemaPath: string; keyword: string }[] | null;
        const fine = valid ? errors === null : errors !== null && errors.length > 0 && errors.every(named);
        return fine ? [] : [`${o.group.key} › ${t.description}`];
      }),
    );
    expect(bad).toEqual([]);
  });

  it("counts every member of the data a counting validator accepts, and -1 for what it refuses", () => {
    const MAX = Number.MAX_SAFE_INTEGER;
    const unsafe = (data: unknown): boolean =>
      typeof data === "number" ? data > MAX || data < -MAX : typeof data === "object" && data !== null && Object.values(data).some(unsafe);
    const members = (data: unknown): number =>
      typeof data !== "object" || data === null ? 0 : (Array.isArray(data) ? 0 : Object.keys(data).length) + Object.values(data).reduce((n: number, v) => n + members(v), 0);
    const counting = lean.filter((o) => o.validate?.proof !== undefined);
    const wrong = counting.flatMap((o) =>
      o.group.tests.flatMap((t) => {
        const count = o.validate!.proof!.count(t.data);
        const expected = !t.valid ? -1 : unsafe(t.data) ? Number.NaN : members(t.data);
        return Object.is(count, expected) ? [] : [`${o.group.key} › ${t.description}: ${count}, not ${expected}`];
      }),
    );
    expect(wrong).toEqual([]);
    // The pinned corpus's groups whose schema allows a count (closed, typed, no applicator but a tagged oneOf), and their tests.
    expect([counting.length, counting.reduce((n, o) => n + o.group.tests.length, 0)]).toEqual([34, 133]);
  });
});

describe("JSON-Schema-Test-Suite optional/format (our runtime formats)", () => {
  // File names; ecmascript-regex.json checks the `regex` format against ECMA-262 syntax.
  const FORMATS = {
    "date-time": 33, date: 81, time: 47, email: 27, ipv4: 41, ipv6: 42, hostname: 64, uri: 46, uuid: 28,
    duration: 52, iri: 24, "iri-reference": 13, "json-pointer": 40, regex: 8, "ecmascript-regex": 12,
    "relative-json-pointer": 25, "uri-reference": 28, "uri-template": 38, "idn-email": 18, "idn-hostname": 90,
  };
  // The IDN formats in the older drafts that have them (draft7's idn-hostname lacks one test).
  const OLDER_IDN: [string, string, number][] = [
    ["draft7", "idn-email", 18], ["draft7", "idn-hostname", 89], ["draft2019-09", "idn-email", 18], ["draft2019-09", "idn-hostname", 90],
  ];
  // The format groups' schemas are `{ $schema, format }`: a format means the same in every draft, and this
  // path compiles 2020-12, so their `$schema` is dropped.
  const as2020 = (group: SuiteGroup): SuiteGroup => {
    const { $schema: _dialect, ...schema } = group.schema as Record<string, unknown>;
    return { ...group, schema };
  };

  /** Every wrong answer of both emitters on one format file, after checking its test count. */
  async function wrongOnFile(dir: string, format: string, count: number, label: string): Promise<string[]> {
    const formatGroups = (await loadSuiteFile(join(dir, "optional", "format", `${format}.json`), `${label}/${format}.json`)).map(as2020);
    const wrong: string[] = [];
    for (const [index, group] of formatGroups.entries()) {
      expect(outOfScope(group), group.key).toBeUndefined();
      wrong.push(...wrongAnswers(group, await compileGroup(group, index, join(scratch.dir, label, format))));
      const lean = await compileLeanGroup(group, index, join(scratch.dir, label, `lean-${format}`));
      if (typeof lean !== "function") throw new Error(`declined ${group.key}`);
      wrong.push(...wrongAnswers(group, lean).map((key) => `lean: ${key}`));
    }
    expect(formatGroups.reduce((n, g) => n + g.tests.length, 0)).toBe(count);
    return wrong;
  }

  it.each(Object.entries(FORMATS))("draft2020-12 %s: all %i tests pass through both emitters", async (format, count) => {
    expect(await wrongOnFile(SUITE_DIR, format, count, "optional/format")).toEqual([]);
  });

  it.each(OLDER_IDN)("%s %s: all %i tests pass through both emitters", async (draft, format, count) => {
    expect(await wrongOnFile(join(SUITE_DIR, "..", draft), format, count, `${draft}/optional/format`)).toEqual([]);
  });
});
