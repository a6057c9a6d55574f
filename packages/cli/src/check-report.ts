import { locate, type ToolIR } from "@toolgate/compiler";
import { parseDateTime, type AdapterEvent, type AgentResult, type ValidationIssue } from "@toolgate/runtime";

/** One line per pipeline layer: what it found, in words an operator acts on. */
export interface LayerVerdict {
  readonly layer: "limits" | "syntax" | "schema" | "undeclared" | "binding" | "semantic" | "selection";
  readonly verdict: "ok" | "failed" | "not reached" | "found";
  readonly detail: string;
}

export interface SchemaErrorLine extends ValidationIssue {
  /** The spec's own value for enum, const, pattern and format (the author's text, never the upstream's). */
  readonly expected?: unknown;
  /** Where the failing keyword is written. */
  readonly at: string;
}

export interface CheckReport {
  readonly tool: string;
  readonly outcome: "success" | "failure";
  readonly layers: readonly LayerVerdict[];
  readonly schemaErrors: readonly SchemaErrorLine[];
  readonly schemaErrorsTruncated: number;
  readonly agentResult: AgentResult<unknown>;
}

/** What `check` observed of one call. `value` is the response as plain JSON.parse read it, for freshness figures only. */
export interface CheckFacts {
  readonly tool: ToolIR;
  readonly depth: number;
  readonly value: unknown;
  readonly now: number;
  readonly event: AdapterEvent;
  readonly result: AgentResult<unknown>;
}

const EXPECTED_KEYWORDS = new Set(["enum", "const", "pattern", "format"]);

/** The node a tool-space pointer names in the compiled schemas, read through own members only. */
function nodeAt(tool: ToolIR, pointer: string): unknown {
  let node: unknown = { input: tool.input, output: tool.output, $defs: tool.defs };
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export function schemaErrorLine(tool: ToolIR, issue: ValidationIssue): SchemaErrorLine {
  const pointer = issue.schemaPath.replace(/^#/, "");
  const where = locate(tool, pointer);
  const line: SchemaErrorLine = { ...issue, at: `${where.file}:${where.line}:${where.column}` };
  const expected = EXPECTED_KEYWORDS.has(issue.keyword) ? nodeAt(tool, pointer) : undefined;
  return expected === undefined ? line : { ...line, expected };
}

const ORDER: readonly LayerVerdict["layer"][] = ["limits", "syntax", "schema", "binding", "semantic", "selection"];

/** The report's layer the event's failing layer belongs to (the parser's limits are the transport layer). */
function failedAt(event: AdapterEvent): LayerVerdict["layer"] | undefined {
  if (event.outcome === "success") return undefined;
  if (event.layer === "transport") return "limits";
  if (event.layer === "upstream") return "binding";
  return ORDER.find((l) => l === event.layer) ?? "selection";
}

const seconds = (ms: number): string => `${Math.round(ms / 1000)}s`;

/** Why a fresh check failed: the field's age against its window, never its text. */
function freshDetail(facts: CheckFacts, checkId: string): string {
  const check = facts.tool.checks.find((c) => c.id === checkId);
  if (check?.kind !== "fresh") return checkId;
  let value: unknown = facts.value;
  for (const key of check.field) value = typeof value === "object" && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  const at = parseDateTime(value);
  const age = facts.now - at;
  const window = `allowed: at most ${seconds(check.maxAgeMs)} old, ${seconds(check.maxFutureMs)} ahead`;
  return `${checkId}: ${check.field.join(".")} is ${age >= 0 ? `${seconds(age)} old` : `${seconds(-age)} in the future`} at --now (${window})`;
}

function detailOf(facts: CheckFacts, layer: LayerVerdict["layer"], failed: boolean): string {
  const { event, tool } = facts;
  const checks = (kind: string) => tool.checks.filter((c) => (kind === "binding" ? c.kind === "bind" : c.kind !== "bind")).map((c) => c.id);
  switch (layer) {
    case "limits":
      return `${event.raw_bytes ?? 0} of ${tool.limits.maxBytes} bytes, depth ${facts.depth} of ${tool.limits.maxDepth}${failed ? ` (${event.parse_reason})` : ""}`;
    case "syntax":
      return failed ? `strict parse refused it: ${event.parse_reason}` : "strict parse: no duplicate or forbidden members, valid UTF-8, safe integers";
    case "schema":
      return failed ? `${event.schema_errors.length + event.schema_errors_truncated} errors` : "the response matches output";
    case "binding":
    case "semantic": {
      if (failed && event.layer === "upstream") return `the upstream answered with its failure envelope (${event.code})`;
      if (failed) return event.check_id === undefined ? "failed" : layer === "semantic" ? freshDetail(facts, event.check_id) : `${event.check_id} does not hold`;
      const ids = layer === "binding" && tool.upstream.envelope ? ["request_id", ...checks(layer)] : checks(layer);
      return ids.length === 0 ? "no checks" : ids.join(", ");
    }
    default:
      return failed ? `${event.check_id ?? "failed"}` : "the agent view was built from the allowlist";
  }
}

/** The undeclared members: refused by the closed schema, or (unknown_members: ignore) accepted and never selected. */
function undeclaredLine(event: AdapterEvent): LayerVerdict | undefined {
  const refused = event.schema_errors
    .map((e) => e.params?.additionalProperty ?? e.params?.unevaluatedProperty)
    .flatMap((name, i) => (name === undefined ? [] : [`${event.schema_errors[i]!.instancePath}/${name}`]));
  const accepted = event.undeclared_members ?? [];
  if (refused.length === 0 && accepted.length === 0) return undefined;
  const detail = refused.length > 0 ? `${refused.join(", ")} (refused: the object is closed)` : `${accepted.join(", ")} (accepted by unknown_members: ignore, never selected)`;
  return { layer: "undeclared", verdict: "found", detail };
}

/** The per-layer verdicts of one checked response, in pipeline order. */
export function checkReport(facts: CheckFacts): CheckReport {
  const failed = failedAt(facts.event);
  const stopAt = failed === undefined ? ORDER.length : ORDER.indexOf(failed);
  const layers: LayerVerdict[] = ORDER.map((layer, i) => ({
    layer,
    verdict: i < stopAt ? "ok" : i === stopAt ? "failed" : "not reached",
    detail: i <= stopAt ? detailOf(facts, layer, i === stopAt) : "",
  }));
  const undeclared = undeclaredLine(facts.event);
  if (undeclared) layers.splice(3, 0, undeclared);
  return {
    tool: facts.tool.tool,
    outcome: facts.result.outcome,
    layers,
    schemaErrors: facts.event.schema_errors.map((issue) => schemaErrorLine(facts.tool, issue)),
    schemaErrorsTruncated: facts.event.schema_errors_truncated,
    agentResult: facts.result,
  };
}
