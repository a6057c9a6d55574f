import { posix } from "node:path";
import { diagnostic, hasErrors, quote, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { dialectOfOpenApi } from "../../load/dialect/dialects.js";
import { describeChange, memberChanges, schemaChange } from "./changes.js";
import { commentArguments, describe, newSpecText, ownedValues, unknownFormats, type Draft } from "./draft.js";
import { draftInput } from "./input.js";
import { toolName } from "./names.js";
import { operationsOf, type Operation } from "./operations.js";
import { SchemaPool } from "./pool.js";
import { draftErrors, draftOutput } from "./response.js";
import { isRecord, OpenApiSource } from "./source.js";
import { suggest } from "./suggest.js";
import { newDocument, parseValue, print, shown, updateOwned } from "./yaml-out.js";

export { referencedFiles } from "./source.js";

export interface OpenApiImportInput {
  /** The document's path (POSIX), as `files` keys it. */
  readonly document: string;
  /** The document and every local file its `$ref`s reach, by POSIX path. */
  readonly files: ReadonlyMap<string, string>;
  /** Files a `$ref` reaches that could not be read, with the reason. */
  readonly unreadable?: ReadonlyMap<string, string>;
  /** operationIds to import; all operations when empty. */
  readonly operations?: readonly string[];
  /** What the output directory already holds, by path relative to it (`show_pet.yaml`, `schemas/petstore.yaml`). */
  readonly existing: ReadonlyMap<string, string>;
  /** The output directory relative to the package root (POSIX), for the specs' yaml-language-server modeline. */
  readonly specsDir: string;
}

export interface PlannedFile {
  /** Relative to the output directory. */
  readonly path: string;
  readonly content: string;
}

export interface OpenApiImportResult {
  /** Files to write: new ones and changed ones only. Empty when any diagnostic is an error. */
  readonly files: readonly PlannedFile[];
  /** One line per spec (and the schemas file): new, updated with what changed upstream, or unchanged. */
  readonly report: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /** How many operations became specs (new, updated or unchanged). */
  readonly drafted: number;
}

/** What the import will write and say, filled in as the drafts are planned. */
interface Plan {
  readonly files: PlannedFile[];
  readonly report: string[];
  readonly diagnostics: Diagnostic[];
}

interface Context {
  readonly source: OpenApiSource;
  readonly pool: SchemaPool;
  readonly dialect: "openapi-3.0" | "openapi-3.1";
  readonly schemasPath: string;
  readonly specsDir: string;
}

/** Drafts one spec per chosen operation and the shared schemas file: a pure function of its input. */
export function importOpenApi(input: OpenApiImportInput): OpenApiImportResult {
  const source = new OpenApiSource(input.document, input.files, input.unreadable);
  const diagnostics: Diagnostic[] = [];
  const done = (files: PlannedFile[] = [], report: string[] = [], drafted = 0): OpenApiImportResult => {
    const all = [...source.diagnostics, ...diagnostics];
    // After an error nothing is written, so "not imported" warnings (often its consequence) are noise.
    return hasErrors(all) ? { files: [], report: [], diagnostics: all.filter((d) => d.code !== "TG123"), drafted: 0 } : { files, report, diagnostics: all, drafted };
  };
  const dialect = documentDialect(source, diagnostics);
  if (dialect === undefined) return done();
  const chosen = chooseOperations(operationsOf(source), input.operations ?? [], source, diagnostics);
  const ctx: Context = { source, pool: new SchemaPool(source), dialect, schemasPath: `schemas/${documentName(input.document)}.yaml`, specsDir: input.specsDir };
  const drafts = draftAll(chosen, ctx, diagnostics);
  if (hasErrors([...source.diagnostics, ...diagnostics])) return done();
  const plan: Plan = { files: [], report: [], diagnostics };
  const changedSchemas = planSchemasFile(ctx, input.existing, plan);
  for (const draft of drafts) planSpec(draft, ctx, changedSchemas, input.existing, plan);
  return done(plan.files, plan.report, drafts.length);
}

function documentDialect(source: OpenApiSource, diagnostics: Diagnostic[]): Context["dialect"] | undefined {
  const doc = source.value(source.root);
  if (doc === undefined) return undefined; // a syntax error, already reported
  const problem = (detail: string, pointer = ""): undefined => void diagnostics.push(diagnostic("TG121", source.locate(source.root, pointer), { file: quote(source.root), detail }));
  if (!isRecord(doc)) return problem("it is not a mapping");
  const dialect = dialectOfOpenApi(doc.openapi);
  if (dialect !== "openapi-3.0" && dialect !== "openapi-3.1") return problem(doc.openapi === undefined ? "it has no openapi version" : `openapi is ${quote(String(doc.openapi))}`, doc.openapi === undefined ? "" : "/openapi");
  if (!isRecord(doc.paths)) return problem("it has no paths", "");
  return dialect;
}

function chooseOperations(all: readonly Operation[], named: readonly string[], source: OpenApiSource, diagnostics: Diagnostic[]): Operation[] {
  if (named.length === 0) return [...all];
  for (const id of named) if (!all.some((op) => op.id === id)) diagnostics.push(diagnostic("TG124", source.locate(source.root, "/paths"), { operation: quote(id) }));
  return all.filter((op) => op.id !== undefined && named.includes(op.id));
}

// `petstore.3.0.yaml` → `petstore.3.0`: the schemas file keeps the document's name.
const documentName = (path: string): string => posix.basename(path).replace(/\.(ya?ml|json)$/i, "").replace(/[^A-Za-z0-9._-]/g, "_") || "openapi";

function draftAll(ops: readonly Operation[], ctx: Context, diagnostics: Diagnostic[]): Draft[] {
  const drafts = new Map<string, Draft>();
  for (const op of ops) {
    const skip = (reason: string): void => void diagnostics.push(diagnostic("TG123", ctx.source.locate(op.at.file, op.at.pointer), { operation: quote(op.label), reason }));
    const tool = toolName(op.id, op.method, op.path);
    const other = drafts.get(tool);
    if (other) {
      skip(`its tool name ${quote(tool)} is taken by ${quote(other.label)}`);
      continue;
    }
    const draft = draftOne(op, tool, ctx);
    if (typeof draft === "string") skip(draft);
    else drafts.set(tool, draft);
  }
  return [...drafts.values()];
}

function draftOne(op: Operation, tool: string, ctx: Context): Draft | string {
  const prefix = `./${ctx.schemasPath}`;
  const input = draftInput(ctx.source, ctx.pool, op, prefix, ctx.dialect === "openapi-3.1");
  if (typeof input === "string") return input;
  const output = draftOutput(ctx.source, ctx.pool, op, prefix);
  if ("reason" in output) return output.reason;
  const renamed = new Map(input.args.filter((a) => a.in === "path").map((a) => [a.name, a.property]));
  const path = op.path.replace(/\{([^{}]*)\}/g, (whole, name: string) => `{${renamed.get(name) ?? name}}`);
  const schemas = [input.schema, output.schema, ...[...ctx.pool.reachable([input.schema, output.schema])].map((n) => ctx.pool.schemas.get(n))];
  return {
    tool,
    label: op.label,
    source: posix.basename(ctx.source.root),
    description: describe(op.at.value as Record<string, unknown>),
    dialect: ctx.dialect,
    input: input.schema,
    args: input.args,
    output: output.schema,
    errors: draftErrors(ctx.source, op),
    upstream: { kind: "http", method: op.method, path, operation: tool },
    suggestions: suggest(ctx.pool, output.schema, input.args),
    unknownFormats: unknownFormats(schemas),
  };
}

/** The shared schemas file; returns the names of schemas that changed since the last import. */
function planSchemasFile(ctx: Context, existing: ReadonlyMap<string, string>, { files, report }: Plan): Set<string> {
  if (ctx.pool.schemas.size === 0) return new Set();
  const version = (ctx.source.value(ctx.source.root) as Record<string, unknown>).openapi;
  const schemas = Object.fromEntries(ctx.pool.schemas);
  const header = ` Shared schemas of ${shown(posix.basename(ctx.source.root))}, written by toolgate import openapi.\n Re-importing rewrites this file; the specs $ref it.`;
  const content = print(newDocument({ openapi: version, components: { schemas } }, header));
  const before = existing.get(ctx.schemasPath);
  const old = before === undefined ? undefined : previousSchemas(before);
  const changes = old === undefined ? [] : memberChanges(old, schemas, schemaChange);
  if (content !== before) files.push({ path: ctx.schemasPath, content });
  report.push(`${ctx.schemasPath}: ${before === undefined ? "new" : changes.length > 0 ? `updated: ${changes.join(", ")}` : content === before ? "unchanged" : "rewritten"}`);
  return new Set(old === undefined ? [] : Object.keys(schemas).filter((n) => !Object.hasOwn(old, n) || JSON.stringify(old[n]) !== JSON.stringify(schemas[n])));
}

function previousSchemas(text: string): Record<string, unknown> | undefined {
  const parsed = parseValue(text);
  const components = isRecord(parsed) && isRecord(parsed.components) ? parsed.components.schemas : undefined;
  return isRecord(components) ? components : undefined;
}

function planSpec(draft: Draft, ctx: Context, changedSchemas: ReadonlySet<string>, existing: ReadonlyMap<string, string>, { files, report, diagnostics }: Plan): void {
  const path = `${draft.tool}.yaml`;
  const before = existing.get(path);
  if (before === undefined) {
    files.push({ path, content: newSpecText(draft, ctx.specsDir) });
    report.push(`${path}: new (${draft.label}); decide the TODOs: agent_view, checks, retry${draft.description.startsWith("TODO:") ? ", description" : ""}`);
    return;
  }
  const updated = updateOwned(before, ownedValues(draft), (doc) => commentArguments(doc, draft));
  if (updated.text === undefined) {
    diagnostics.push(diagnostic("TG125", { file: path, line: 1, column: 1 }, { file: quote(path), detail: "it is not a YAML mapping" }));
    return;
  }
  const viaSchemas = [...ctx.pool.reachable([draft.input, draft.output])].filter((n) => changedSchemas.has(n)).map((n) => `schema ${shown(n)} changed`);
  const changes = [...updated.changes.map(describeChange), ...viaSchemas];
  if (updated.changes.length > 0) files.push({ path, content: updated.text });
  report.push(`${path}: ${changes.length > 0 ? `upstream changed: ${changes.join("; ")}` : "unchanged"}`);
}
