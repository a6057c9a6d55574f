import type { Ajv2020 } from "ajv/dist/2020.js";
import { createHash } from "node:crypto";
import { diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { defName } from "../schema/refs.js";
import { isSchemaObject, mapSubschemas, type SchemaObject } from "../schema/walk.js";
import { childPointer, resolvePointer } from "../load/pointer.js";
import { ROOT_KEYS } from "../codegen/names.js";
import { newAjv } from "./ajv-options.js";
import { stageTimer } from "../stages.js";

type Locate = (pointer: string) => SourceRange;

/** The tool's schemas after closing, in tool space (`/input`, `/output`, `/$defs/<name>`). */
export interface StrictSchemas {
  readonly input: unknown;
  readonly output: unknown;
  readonly agentView: unknown;
  readonly defs: Readonly<Record<string, unknown>>;
}

const ID = "urn:toolgate:check";

/** Ajv's message for compiling the schema at `pointer`, or undefined when Ajv accepts it. */
function compileError(ajv: Ajv2020, pointer: string): string | undefined {
  try {
    ajv.getSchema(`${ID}#${pointer}`);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Direct subschemas of `node`, as pointers below `pointer`. */
function childPointers(node: SchemaObject, pointer: string): string[] {
  const found: string[] = [];
  mapSubschemas(node, pointer, (child, at) => (isSchemaObject(child) && found.push(at), child));
  return found;
}

/**
 * The deepest schema that Ajv still refuses on its own, starting from a refused `pointer`: the place
 * the mistake is written, not the root that reached it (a `$ref` leads into the definition it names).
 */
function culprit(ajv: Ajv2020, document: SchemaObject, pointer: string, seen: Set<string>): string {
  seen.add(pointer);
  const node = resolvePointer(document, pointer)?.value;
  if (!isSchemaObject(node)) return pointer;
  const child = childPointers(node, pointer).find((at) => !seen.has(at) && compileError(ajv, at) !== undefined);
  if (child !== undefined) return culprit(ajv, document, child, seen);
  const target = typeof node.$ref === "string" ? defName(node.$ref) : undefined;
  const at = target === undefined ? undefined : `/$defs/${target}`;
  return at !== undefined && !seen.has(at) && compileError(ajv, at) !== undefined ? culprit(ajv, document, at, seen) : pointer;
}

/**
 * Ajv's strict compile, once per tool, in the front end: what the meta-schema and toolgate's own
 * rules let through but Ajv still refuses (a discriminator whose branches lack the tag's const) is
 * TG210 at the schema where it is written. The validator emitter then never meets a schema Ajv refuses.
 */
export function checkAjvStrict(schemas: StrictSchemas, locate: Locate, sink: DiagnosticSink): void {
  const refusal = stageTimer("ajv-strict", () => cachedRefusal(schemas));
  if (refusal !== undefined) sink.report(diagnostic("TG210", locate(refusal.at), { detail: refusal.detail }));
}

/** What Ajv refuses first, in tool space: where, and Ajv's message. */
interface Refusal {
  readonly at: string;
  readonly detail: string;
}

// Per thread. Ajv's verdict depends on the schemas alone, so specs whose schemas are the same (copies
// of one shared contract) compile them once. Keyed by a digest: a verdict is a few bytes, a schema is not.
const verdicts = new Map<string, Refusal | undefined>();
// One instance per thread, emptied after each tool: a new Ajv compiles the 2020-12 meta-schema again
// to validate the first schema it is given, which cost more than the tool's own schemas.
let shared: Ajv2020 | undefined;

// JSON would write Infinity and NaN (YAML's `.inf`, `.nan`) as null: keep them apart in the key.
const exactNumbers = (_key: string, value: unknown): unknown => (typeof value === "number" && !Number.isFinite(value) ? `\0${value}` : value);

function cachedRefusal(schemas: StrictSchemas): Refusal | undefined {
  const { input, output, agentView, defs } = schemas;
  const document: SchemaObject = { $id: ID, $defs: { ...defs, [ROOT_KEYS.input]: input, [ROOT_KEYS.output]: output, [ROOT_KEYS.agentView]: agentView } };
  const key = createHash("sha256").update(JSON.stringify(document, exactNumbers)).digest("base64");
  if (!verdicts.has(key)) verdicts.set(key, firstRefusal(document));
  return verdicts.get(key);
}

function firstRefusal(document: SchemaObject): Refusal | undefined {
  // Ajv refuses a schema while it generates code; its optimizer passes over that code change nothing
  // it refuses, and this code is never run, so they are skipped.
  // Every schema here passed the meta-schema check (checkMetaSchema) or was built from ones that did.
  const ajv = (shared ??= newAjv({ optimize: false }, false));
  try {
    ajv.addSchema(document);
    return refusalIn(ajv, document);
  } finally {
    // Every schema and compiled fragment of this tool (`#/$defs/x` is cached under its own key); the meta-schemas stay.
    ajv.removeSchema();
  }
}

function refusalIn(ajv: Ajv2020, document: SchemaObject): Refusal | undefined {
  // The agent view is built from output's schemas: a refusal there is shown at output.
  const pooled = (key: string): string => childPointer("/$defs", key);
  const roots: [string, string][] = [[pooled(ROOT_KEYS.input), "/input"], [pooled(ROOT_KEYS.output), "/output"], [pooled(ROOT_KEYS.agentView), "/output"]];
  for (const [root, shown] of roots) {
    if (compileError(ajv, root) === undefined) continue;
    const found = culprit(ajv, document, root, new Set());
    const detail = compileError(ajv, found) ?? "";
    // Ajv names the keyword it refuses first (`discriminator: …`): point at it when the schema has it.
    const keyword = /^(\w+):/.exec(detail)?.[1];
    const node = resolvePointer(document, found)?.value;
    const at = keyword !== undefined && isSchemaObject(node) && Object.hasOwn(node, keyword) ? `${found}/${keyword}` : found;
    return { at: at.startsWith(root) ? shown + at.slice(root.length) : at, detail };
  }
  return undefined;
}
