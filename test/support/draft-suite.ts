import { compile, DEFAULT_EMITTERS, type Diagnostic } from "@toolgate/compiler";
import { Ajv, type AnySchema } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json" with { type: "json" };
import AjvDraft04 from "ajv-draft-04";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { sharedTestdata, writeFiles } from "./project.js";
import { loadSuiteFile, wrongAnswers, type SuiteGroup, type Validate } from "./schema-suite.js";

/**
 * Each draft of the JSON-Schema-Test-Suite through the whole front end — the spec's `dialect` key,
 * the upgrade to 2020-12 on load, `$ref` bundling, the schema rules, `unknown_members: ignore` —
 * and the generated validators of `toolgate gen`; Ajv's own answers on the same groups beside them.
 */

export const DRAFTS = {
  draft4: { dialect: "draft-04", ajv: () => new AjvDraft04.default(AJV_OPTIONS) },
  draft6: { dialect: "draft-06", ajv: () => new Ajv(AJV_OPTIONS).addMetaSchema(draft06) },
  draft7: { dialect: "draft-07", ajv: () => new Ajv(AJV_OPTIONS) },
  "draft2019-09": { dialect: "2019-09", ajv: () => new Ajv2019(AJV_OPTIONS) },
  // The 2020-12 suite expects `format` to be an annotation (its default format-annotation vocabulary).
  "draft2020-12": { dialect: "2020-12", ajv: () => new Ajv2020(AJV_OPTIONS), vocabulary: { formats: "annotate" } },
} as const satisfies Record<string, { dialect: string; ajv: () => unknown; vocabulary?: { formats: string } }>;

export type Draft = keyof typeof DRAFTS;

// Ajv as its own suite runner configures it (no remotes): lenient, formats as annotations.
const AJV_OPTIONS = { strict: false, validateFormats: false, logger: false } as const;

export async function loadDraft(draft: Draft): Promise<SuiteGroup[]> {
  const dir = join(sharedTestdata, "JSON-Schema-Test-Suite", "tests", draft);
  const files = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  return (await Promise.all(files.map((f) => loadSuiteFile(join(dir, f), f)))).flat();
}

export interface GroupOutcome {
  readonly group: SuiteGroup;
  /** The generated output validator, applied to the group's data; absent when gen rejected it. */
  readonly validate?: Validate;
  /** The error diagnostics gen reported instead. */
  readonly errors: readonly Diagnostic[];
}

// validate.ts comes with the adapter, which holds its code (or imports Ajv's from it).
const VALIDATORS = DEFAULT_EMITTERS.filter((e) => ["validators", "undeclared", "adapter"].includes(e.name));

/** The group's schema as a file of its own (`#` is its root), under `v` of the tool's output. */
function suiteSpec(draft: Draft): string {
  const { dialect } = DRAFTS[draft];
  const vocabulary = "vocabulary" in DRAFTS[draft] ? DRAFTS[draft].vocabulary : undefined;
  const output = { type: "object", required: ["ok", "v"], properties: { ok: { type: "boolean" }, v: { $ref: "suite.json" } } };
  return JSON.stringify({ tool: "suite", version: 1, description: "d", dialect, unknown_members: "ignore", vocabulary, input: { type: "object" }, output, agent_view: ["ok"] });
}

/** `toolgate gen` (the adapter and validators) on the group, its files written under `dir` (one per group) and the validator imported. */
export async function compileThroughGen(draft: Draft, group: SuiteGroup, dir: string): Promise<GroupOutcome> {
  const files = new Map([["specs/tool.json", suiteSpec(draft)], ["specs/suite.json", JSON.stringify(group.schema)]]);
  const out = await compile({ files, specs: ["specs/tool.json"] }, VALIDATORS);
  const errors = out.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || !out.files.some((f) => f.path === "suite/validate.ts")) return { group, errors };
  await writeFiles(dir, out.files.filter((f) => f.path.startsWith("suite/")));
  const { validateOutput } = (await import(join(dir, "suite", "validate.ts"))) as { validateOutput: Validate };
  return { group, errors, validate: (data) => validateOutput({ ok: true, v: data }) };
}

/** How many of the group's tests Ajv answers right (none when it refuses the schema). */
export function ajvPasses(draft: Draft, group: SuiteGroup): number {
  let validate: Validate;
  try {
    validate = DRAFTS[draft].ajv().compile(group.schema as AnySchema);
  } catch {
    return 0;
  }
  return group.tests.length - wrongAnswers(group, validate).length;
}
