import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { checkSchemaRules } from "../../packages/compiler/src/check/schema-rules.js";
import { DiagnosticCollector } from "../../packages/compiler/src/diagnostics/sink.js";
import type { LeanUnsupported } from "../../packages/compiler/src/emit/lean/context.js";
import { leanValidatorModule } from "../../packages/compiler/src/emit/lean/module.js";
import { standaloneSource, toRuntimeModule } from "../../packages/compiler/src/emit/validators.js";
import { Identifiers } from "../../packages/compiler/src/load/identifiers.js";
import { forEachSchema, isSchemaObject } from "../../packages/compiler/src/schema/walk.js";
import { sharedTestdata } from "./project.js";

/** JSON-Schema-Test-Suite (draft 2020-12) loading, scoping and compiling through our validator emitter. */

export const SUITE_DIR = join(sharedTestdata, "JSON-Schema-Test-Suite", "tests", "draft2020-12");

export interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface SuiteGroup {
  /** `<file> › <group description>`: unique across the suite, the key of every pinned list. */
  readonly key: string;
  readonly file: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}

export async function loadSuiteFile(path: string, file: string): Promise<SuiteGroup[]> {
  const groups = JSON.parse(await readFile(path, "utf8")) as { description: string; schema: unknown; tests: SuiteTest[] }[];
  return groups.map((g) => ({ key: `${file} › ${g.description}`, file, schema: g.schema, tests: g.tests }));
}

export async function loadRequiredSuite(): Promise<SuiteGroup[]> {
  const files = (await readdir(SUITE_DIR)).filter((f) => f.endsWith(".json")).sort();
  return (await Promise.all(files.map((f) => loadSuiteFile(join(SUITE_DIR, f), f)))).flat();
}

const DIALECT = "https://json-schema.org/draft/2020-12/schema";
const NOWHERE = () => ({ file: "", line: 0, column: 0 });

export type OutOfScope =
  | "format is an annotation in the suite"
  | "rejected by the compiler's schema rules"
  | "outside the compiler's $ref model"
  | "refs that only the bundler resolves";

/**
 * Why toolgate would never emit a validator for this schema; undefined when it would.
 * - format.json expects `format` to be annotation-only; our validators assert our formats by design
 *   (the optional format groups check them instead).
 * - the schema rules (check/schema-rules.ts) reject $dynamicRef/$dynamicAnchor/$vocabulary,
 *   the property name hasOwnProperty, unsupported formats, invalid or ReDoS-prone patterns, and
 *   warn about no-effect keywords and guarded patterns (gen rewrites or guards those; this direct
 *   use of the emitters does not).
 * - the bundler (load/bundle.ts) resolves refs to the schema's own `$id`s, anchors and JSON
 *   pointers, and relative files; remote refs and foreign metaschemas cannot be expressed.
 * - refs by `$id` or `$anchor` compile, but only through the bundler, which this direct use of the
 *   emitters skips: conformance/draft-suites.test.ts runs those groups through `toolgate gen`.
 */
export function outOfScope(group: SuiteGroup): OutOfScope | undefined {
  if (group.file === "format.json") return "format is an annotation in the suite";
  const found = new DiagnosticCollector();
  checkSchemaRules(group.schema, "", NOWHERE, found);
  if (found.diagnostics.length > 0) return "rejected by the compiler's schema rules";
  let outside = false;
  let bundled = false;
  const ids = new Identifiers(group.schema, "", "file:///suite.json", "2020-12");
  forEachSchema(group.schema, "", (node, at) => {
    const ref = node.$ref;
    if (typeof ref === "string" && ["unknown", "missing"].includes(ids.resolve(ref, at))) outside = true;
    if (typeof ref === "string" && ref !== "#" && !ref.startsWith("#/")) bundled = true;
    if ("$anchor" in node || (at !== "" && "$id" in node)) bundled = true;
    if (node.$schema !== undefined && node.$schema !== DIALECT) outside = true;
  });
  if (!outside && bundled) return "refs that only the bundler resolves";
  return outside ? "outside the compiler's $ref model" : undefined;
}

export type Validate = (data: unknown) => boolean;

/**
 * Ajv 8.20.0 compiles these groups and answers wrongly (its unevaluated* tracking misses nested
 * `items`, `contains` and `if` without `then`; it drops a `__proto__` property's schema, which is
 * why gen never falls back to Ajv's code for such a schema, TG271).
 */
export const AJV_WRONG: readonly string[] = [
  "properties.json › properties whose names are Javascript object property names",
  "unevaluatedItems.json › unevaluatedItems depends on adjacent contains",
  "unevaluatedItems.json › unevaluatedItems depends on multiple nested contains",
  "unevaluatedItems.json › unevaluatedItems with nested items",
  "unevaluatedProperties.json › unevaluatedProperties with if/then/else, then not defined",
];

/**
 * The group's schema exactly as written (no closing of objects), through the same Ajv options and
 * runtime-module rewrite as `toolgate gen`, written to `dir` and imported. Throws when Ajv refuses
 * the schema, which `toolgate gen` reports as TG210.
 */
export async function compileGroup(group: SuiteGroup, index: number, dir: string): Promise<Validate> {
  // true and false are the schemas {} and {not: {}}; an Ajv document root must be an object.
  const schema = isSchemaObject(group.schema) ? group.schema : group.schema === true ? {} : { not: {} };
  const id = typeof schema.$id === "string" ? schema.$id : `urn:suite:${index}`;
  return importModule(toRuntimeModule(standaloneSource({ ...schema, $id: id }, { validate: id }), group.key), join(dir, `group-${index}.ts`));
}

/**
 * The group's schema through the boolean emitter (emit/lean), exactly as written, with the member
 * count of a response validator where the schema allows one; the reason when the emitter declines
 * it (`toolgate gen` then keeps Ajv's code for that tool).
 */
export async function compileLeanGroup(group: SuiteGroup, index: number, dir: string): Promise<Validate | LeanUnsupported> {
  const source = leanValidatorModule(group.schema, { validate: "" }, undefined, new Set(["validate"]));
  if (typeof source !== "string") return source;
  return importModule(source, join(dir, `lean-${index}.ts`));
}

async function importModule(source: string, path: string): Promise<Validate> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, source, "utf8");
  return ((await import(path)) as { validate: Validate }).validate;
}

/** Keys of the tests a validator answers wrongly (or throws on). */
export function wrongAnswers(group: SuiteGroup, validate: Validate): string[] {
  return group.tests.flatMap((t) => {
    let valid: boolean | string;
    try {
      valid = validate(t.data);
    } catch (e) {
      valid = `threw ${e instanceof Error ? e.name : typeof e}`;
    }
    return valid === t.valid ? [] : [`${group.key} › ${t.description}`];
  });
}
