import { createHash } from "node:crypto";
import { checkAjvStrict } from "../check/ajv-strict.js";
import { checkBudget } from "../check/budget.js";
import { checkMetaSchema } from "../check/meta-schema.js";
import { checkRefCycles } from "../check/ref-cycles.js";
import { checkSchemaRules } from "../check/schema-rules.js";
import { checkSpecShape } from "../check/spec-shape.js";
import { checkVocabulary, vocabularyOf, withoutIgnored } from "../check/vocabulary.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { RouteIR, Schema, ToolIR, UnknownMembers } from "../ir/types.js";
import { bundleTool, mapBundle, type BundledTool } from "../load/bundle.js";
import type { LoadedDocument } from "../load/document.js";
import type { SourceSet } from "../load/sources.js";
import { closeObjects, closeTwin } from "../normalize/close-objects.js";
import { planDefinitions } from "../normalize/definitions.js";
import { declaredForbiddenKeys } from "../normalize/declared-names.js";
import { exactForm } from "../normalize/no-effect.js";
import { selfContained } from "../schema/refs.js";
import { deepFreeze, isSchemaObject, type SchemaObject } from "../schema/walk.js";
import { buildAgentView } from "./agent-view.js";
import { viewedOutput, viewRootName } from "./view-root.js";
import { buildChecks } from "./checks.js";
import { buildEffects } from "./effects.js";
import { buildErrors } from "./errors.js";
import { sourceMap } from "./locations.js";
import { buildRoute } from "./route.js";
import type { RawSpec } from "./spec.js";
import { checkUndecided } from "./undecided.js";
import { parseDuration, parseSize } from "./units.js";

export const DEFAULT_LIMITS = { maxBytes: 1024 * 1024, maxDepth: 32 } as const;
const DEFAULT_RETRY_BUDGET_MS = 10_000;

/**
 * Front end for one spec: shape check → $ref bundle → schema rules → close objects → IR. Findings go
 * to `sink`; undefined when this spec has an error.
 */
export function buildTool(doc: LoadedDocument, sources: SourceSet, sink: DiagnosticSink, ignoredKeywords: readonly string[] = []): ToolIR | undefined {
  const own = sink.scope();
  checkSpecShape(doc, own, checkUndecided(doc.value, doc.path, sources.text(doc.path), own));
  if (own.hasErrors()) return undefined;
  const spec = doc.value as RawSpec;
  const vocabulary = vocabularyOf(spec, ignoredKeywords);
  checkVocabulary(spec, doc.locate, own);
  const bundle = bundleTool(doc, sources, own);
  if (own.hasErrors()) return undefined;
  if (!isSchemaObject(bundle.input) || bundle.input.type !== "object") own.report(diagnostic("TG217", doc.locate("/input")));
  const roots: [unknown, string][] = [[bundle.input, "/input"], [bundle.output, "/output"], ...Object.entries(bundle.defs).map(([name, def]): [unknown, string] => [def, `/$defs/${name}`])];
  checkBudget(roots, doc.locate("/tool"), own);
  if (own.hasErrors()) return undefined;
  for (const [schema, at] of roots) {
    checkSchemaRules(schema, at, bundle.locate, own, vocabulary);
    checkMetaSchema(schema, at, bundle.locate, own);
  }
  checkRefCycles(bundle.defs, bundle.locate, own);
  if (own.hasErrors()) return undefined;
  const unknownMembers = spec.unknown_members ?? "reject";
  // Keywords validation ignores are left out of what the emitters see (the user's text is not touched).
  // No-effect and unsatisfiable keywords (warnings above) in forms that mean the same to every emitter.
  const closed = closeAll(mapBundle(withoutIgnored(bundle, vocabulary), exactForm), unknownMembers, own);
  const viewRoot = viewRootName(closed.output, closed.defs);
  const view = buildAgentView(spec.agent_view, viewedOutput(closed.output, viewRoot), closed.defs, bundle.locate, own);
  const viewDefs = [...view.viewDefs].sort(([a], [b]) => (a < b ? -1 : 1));
  // Every definition passed the meta-schema check above: each one is a schema.
  const defs: Record<string, Schema> = { ...(closed.defs as Record<string, Schema>), ...Object.fromEntries(viewDefs.map(([name, d]) => [name, d.schema])) };
  const ctx = { input: closed.input, output: closed.output, defs: closed.defs, locate: bundle.locate, sink: own };
  const checks = buildChecks(spec.checks ?? [], ctx);
  const route = buildRoute(spec.upstream, ctx);
  const errors = buildErrors(spec, spec.retry?.class ?? "unsafe", doc.locate, own);
  const effects = buildEffects(spec, spec.retry?.class ?? "unsafe", doc.locate, own);
  if (!own.hasErrors()) checkAjvStrict({ input: closed.input, output: closed.output, agentView: view.schema, defs }, bundle.locate, own);
  if (own.hasErrors()) return undefined;
  const tool: ToolIR = {
    tool: spec.tool,
    version: spec.version,
    title: spec.title,
    description: spec.description,
    specPath: doc.path,
    specHash: hashFiles(bundle.files, sources),
    input: closed.input,
    output: closed.output,
    agentView: selfContained(view.schema, defs),
    unknownMembers,
    defs,
    selection: view.selection,
    ...(viewRoot === undefined ? {} : { viewRoot }),
    viewSelections: Object.fromEntries(viewDefs.map(([name, d]) => [name, d.selection])),
    checks,
    errors,
    effects,
    bindings: [...(spec.bindings ?? [])].sort(),
    ...settings(spec, route, declaredForbiddenKeys([[closed.output, "/output"], ...Object.entries(closed.defs).map(([name, def]): [unknown, string] => [def, `/$defs/${name}`])])),
    locations: sourceMap(doc.value, bundle),
  };
  return deepFreeze(tool);
}

/** Limits, retry policy and upstream facts, with the defaults a spec may leave out. */
function settings(spec: RawSpec, route: RouteIR | undefined, declaredForbiddenKeys: readonly string[]): Pick<ToolIR, "limits" | "retry" | "upstream"> {
  return {
    limits: {
      maxBytes: spec.limits?.max_bytes === undefined ? DEFAULT_LIMITS.maxBytes : parseSize(spec.limits.max_bytes),
      maxDepth: spec.limits?.max_depth ?? DEFAULT_LIMITS.maxDepth,
      losslessIntegerKeys: [...(spec.limits?.lossless_integers ?? [])].sort(),
      declaredForbiddenKeys,
    },
    retry: {
      // Never inferred: without a declaration the tool is treated as unsafe and not retried.
      class: spec.retry?.class ?? "unsafe",
      maxAttempts: spec.retry?.max_attempts ?? 1,
      budgetMs: spec.retry?.budget === undefined ? DEFAULT_RETRY_BUDGET_MS : parseDuration(spec.retry.budget),
      on: [...(spec.retry?.on ?? [])].sort(),
    },
    upstream: {
      envelope: spec.upstream?.envelope ?? false,
      route,
      operation: spec.upstream?.operation,
      openWorld: spec.upstream?.open_world ?? false,
    },
  };
}

interface ClosedSchemas {
  readonly input: SchemaObject;
  readonly output: SchemaObject;
  readonly defs: Readonly<Record<string, unknown>>;
}

/** `reject` closes every object instance (README, "Closed by default"); `ignore` keeps every schema as written. */
function closeAll(bundle: BundledTool, mode: UnknownMembers, sink: DiagnosticSink): ClosedSchemas {
  const input = bundle.input as SchemaObject;
  const output = bundle.output as SchemaObject;
  if (mode === "ignore") return { input, output, defs: bundle.defs };
  const plan = planDefinitions(input, output, bundle.defs);
  const ctx = { resolve: plan.resolve, closedRef: plan.closedRef, locate: bundle.locate, sink };
  const defs: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(bundle.defs)) {
    // A definition is applied in place (through $ref): its referrer closes the instance, unless the
    // definition is a plain object that some $ref uses alone, which gets a closed copy of its own.
    const twin = plan.twins.get(name);
    if (twin === undefined || twin === name) defs[name] = closeObjects(def, `/$defs/${name}`, twin === name, ctx);
    else ({ open: defs[name], closed: defs[twin] } = closeTwin(def, `/$defs/${name}`, ctx));
  }
  const close = (schema: SchemaObject, pointer: string): SchemaObject => closeObjects(schema, pointer, true, ctx) as SchemaObject;
  return { input: close(input, "/input"), output: close(output, "/output"), defs };
}

function hashFiles(paths: readonly string[], sources: SourceSet): string {
  const hash = createHash("sha256");
  for (const path of paths) hash.update(`${path}\0${sources.text(path) ?? ""}\0`);
  return hash.digest("hex");
}
