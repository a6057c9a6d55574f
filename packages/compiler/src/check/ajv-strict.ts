import type { Ajv2020 } from "ajv/dist/2020.js";
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
  stageTimer("ajv-strict", () => strictCompile(schemas, locate, sink));
}

function strictCompile(schemas: StrictSchemas, locate: Locate, sink: DiagnosticSink): void {
  const { input, output, agentView, defs } = schemas;
  const document: SchemaObject = { $id: ID, $defs: { ...defs, [ROOT_KEYS.input]: input, [ROOT_KEYS.output]: output, [ROOT_KEYS.agentView]: agentView } };
  // Ajv refuses a schema while it generates code; its optimizer passes over that code change nothing
  // it refuses, and this code is never run, so they are skipped.
  const ajv = newAjv({ optimize: false });
  ajv.addSchema(document);
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
    sink.report(diagnostic("TG210", locate(at.startsWith(root) ? shown + at.slice(root.length) : at), { detail }));
    return;
  }
}
