import type { CheckIR, SchemaNode, ToolIR } from "../ir/types.js";
import { selfContained } from "../schema/refs.js";
import { renderedDefinitions, type RenderedDefinitions } from "./definitions.js";

/**
 * A tool's full contract as the manifest records it (README, "The breaking-change gate"): what the
 * gate compares against. Plain JSON, built only from the IR (sorted, no absolute paths), so the
 * same specs give the same bytes. Schemas are self-contained: each carries the definitions it uses.
 */
export interface ToolContract {
  readonly definition: { readonly title: string | null; readonly description: string };
  readonly input: SchemaNode;
  readonly output: SchemaNode;
  readonly agent_view: SchemaNode;
  readonly errors: readonly { readonly code: string; readonly action: string; readonly retryable: boolean }[];
  readonly limits: { readonly max_bytes: number; readonly max_depth: number; readonly lossless_integer_keys: readonly string[] };
  readonly checks: readonly ContractCheck[];
  readonly retry: { readonly class: string; readonly max_attempts: number; readonly budget_ms: number; readonly on: readonly string[] };
  readonly upstream: { readonly envelope: boolean; readonly method: string | null; readonly path: string | null; readonly operation: string | null; readonly open_world: boolean };
  /** As `<tool>/definitions.ts` renders them; absent in contracts recorded before they were. */
  readonly definitions?: RenderedDefinitions;
}

export type ContractCheck =
  | { readonly id: string; readonly kind: "bind"; readonly output: string; readonly input: string }
  | { readonly id: string; readonly kind: "fresh"; readonly field: string; readonly max_age_ms: number; readonly max_future_ms: number }
  | { readonly id: string; readonly kind: "hook"; readonly name: string };

/** One tool's entry in the manifest. */
export interface ManifestTool {
  readonly tool: string;
  readonly version: number;
  readonly spec: string;
  readonly spec_hash: string;
  readonly contract?: ToolContract;
}

/** Format 1 recorded only shapes of input and agent view; its entries are compared by version alone. */
export const MANIFEST_FORMAT = 2;

function contractCheck(check: CheckIR): ContractCheck {
  if (check.kind === "bind") return { id: check.id, kind: "bind", output: check.output.join("."), input: check.input.join(".") };
  if (check.kind === "fresh") return { id: check.id, kind: "fresh", field: check.field.join("."), max_age_ms: check.maxAgeMs, max_future_ms: check.maxFutureMs };
  return { id: check.id, kind: "hook", name: check.name };
}

// One gen asks for each tool's contract three times (the gate, the manifest, the check against the
// manifest just written) and rendering its definitions is most of a one-edit gen's cost; the IR is
// deep-frozen once built, so each tool's contract is built once.
const contracts = new WeakMap<ToolIR, ToolContract>();

export function contractOf(tool: ToolIR): ToolContract {
  const known = contracts.get(tool);
  if (known) return known;
  const contract = buildContract(tool);
  contracts.set(tool, contract);
  return contract;
}

function buildContract(tool: ToolIR): ToolContract {
  return {
    definition: { title: tool.title ?? null, description: tool.description },
    input: selfContained(tool.input, tool.defs) as SchemaNode,
    output: selfContained(tool.output, tool.defs) as SchemaNode,
    agent_view: tool.agentView,
    errors: tool.errors.map((e) => ({ code: e.code, action: e.action, retryable: e.retryable })).sort((a, b) => (a.code < b.code ? -1 : 1)),
    limits: { max_bytes: tool.limits.maxBytes, max_depth: tool.limits.maxDepth, lossless_integer_keys: [...tool.limits.losslessIntegerKeys].sort() },
    checks: tool.checks.map(contractCheck).sort((a, b) => (a.id < b.id ? -1 : 1)),
    retry: { class: tool.retry.class, max_attempts: tool.retry.maxAttempts, budget_ms: tool.retry.budgetMs, on: [...tool.retry.on].sort() },
    upstream: {
      envelope: tool.upstream.envelope,
      method: tool.upstream.route?.method ?? null,
      path: tool.upstream.route?.path ?? null,
      operation: tool.upstream.operation ?? null,
      open_world: tool.upstream.openWorld,
    },
    definitions: renderedDefinitions(tool),
  };
}

/** The manifest's text: spec hashes, versions and full contracts, sorted by tool name. */
export function manifestText(tools: readonly ToolIR[]): string {
  const sorted = [...tools].sort((a, b) => (a.tool < b.tool ? -1 : 1));
  const manifest = {
    generated_by: "toolgate",
    format: MANIFEST_FORMAT,
    tools: sorted.map((t): ManifestTool => ({ tool: t.tool, version: t.version, spec: t.specPath, spec_hash: t.specHash, contract: contractOf(t) })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
