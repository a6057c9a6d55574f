import { isRecord } from "../openapi/source.js";

/**
 * One tool of an upstream's `tools/list`, checked before anything is drafted from it. Everything in
 * it is untrusted: the name becomes a file name and the spec's `tool`, the schemas become payload
 * schemas, the description the author's starting text.
 */
export interface ListedTool {
  readonly name: string;
  readonly description: string | undefined;
  readonly input: Record<string, unknown>;
  readonly output: Record<string, unknown> | undefined;
  readonly annotations: Readonly<Record<string, unknown>>;
}

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Bounds on an upstream schema: deeper or larger ones are not drafted (nor walked recursively). */
export const MAX_SCHEMA_DEPTH = 64;
export const MAX_SCHEMA_NODES = 20_000;

/** The nesting depth and node count of a JSON value, walked without recursion; stops once past the bounds. */
function measure(value: unknown): { depth: number; nodes: number } {
  let depth = 0;
  let nodes = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0 && depth <= MAX_SCHEMA_DEPTH && nodes <= MAX_SCHEMA_NODES) {
    const [node, level] = stack.pop()!;
    nodes++;
    depth = Math.max(depth, level);
    if (Array.isArray(node)) for (const item of node) stack.push([item, level + 1]);
    else if (isRecord(node)) for (const item of Object.values(node)) stack.push([item, level + 1]);
  }
  return { depth, nodes };
}

/** Why a schema cannot be drafted as a payload, or undefined when it can. */
function schemaProblem(schema: unknown, field: string): string | undefined {
  if (!isRecord(schema)) return `its ${field} is not a JSON Schema object`;
  if (schema.type !== undefined && schema.type !== "object") return `its ${field} is not of type object`;
  const { depth, nodes } = measure(schema);
  if (depth > MAX_SCHEMA_DEPTH) return `its ${field} nests deeper than ${MAX_SCHEMA_DEPTH} levels`;
  if (nodes > MAX_SCHEMA_NODES) return `its ${field} has more than ${MAX_SCHEMA_NODES} nodes`;
  return undefined;
}

/** The tool as the import drafts it, or why it cannot be (the other tools are still imported). */
export function readListedTool(tool: unknown): ListedTool | { reason: string } {
  if (!isRecord(tool)) return { reason: "it is not an object" };
  const name = tool.name;
  if (typeof name !== "string" || !TOOL_NAME.test(name)) return { reason: "its name is not a toolgate tool name (lower snake case, a leading letter, at most 64 characters)" };
  const problem = schemaProblem(tool.inputSchema, "inputSchema") ?? (tool.outputSchema === undefined ? undefined : schemaProblem(tool.outputSchema, "outputSchema"));
  if (problem !== undefined) return { reason: problem };
  return {
    name,
    description: typeof tool.description === "string" ? tool.description : undefined,
    input: tool.inputSchema as Record<string, unknown>,
    output: tool.outputSchema as Record<string, unknown> | undefined,
    annotations: isRecord(tool.annotations) ? tool.annotations : {},
  };
}

/** A name as it may be shown in a diagnostic: any JSON value, quoted and shortened. */
export function nameOf(tool: unknown): string {
  const name = isRecord(tool) ? tool.name : undefined;
  const text = typeof name === "string" ? name : JSON.stringify(name) ?? "(none)";
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
