import { Document, YAMLMap } from "yaml";
import { headroom, inferSchema, largest, type InferredSchema } from "./infer.js";
import { schemaModeline } from "./modeline.js";
import { bindCandidates, freshCandidates, viewCandidates } from "./suggestions.js";
import { TODO } from "./todo.js";
import { commentAbove, commentLines, yamlNode } from "./yaml-nodes.js";

/** One recorded upstream response, already parsed. */
export interface RecordedResponse {
  /** How the draft names it in its header comment (a file name, not a path). */
  readonly name: string;
  readonly value: unknown;
  /** Its size in UTF-8 bytes, for the suggested `max_bytes`. */
  readonly bytes: number;
}

export interface SampleDraftInput {
  readonly tool: string;
  /** At least one response. */
  readonly responses: readonly RecordedResponse[];
  /** Recorded arguments of the call; without them `input` is left as a TODO. */
  readonly inputs?: readonly unknown[];
  /** The directory the spec is written to, relative to the package root (for the modeline). */
  readonly specsDir: string;
}

const MAX_DEPTH_LIMIT = 256;

/** The nesting depth of a JSON value (a scalar is 0), without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function limitsFor(responses: readonly RecordedResponse[]): { max_bytes: string; max_depth: number } {
  const bytes = headroom(largest(responses, (r) => r.bytes));
  const depth = headroom(largest(responses, (r) => depthOf(r.value)));
  return { max_bytes: `${Math.max(1, bytes / 1024)}KiB`, max_depth: Math.min(MAX_DEPTH_LIMIT, depth) };
}

const listed = (label: string, paths: readonly string[]): string[] => (paths.length > 0 ? [`${label}: ${paths.join(", ")}`] : []);

function checksComment(input: InferredSchema | undefined, output: InferredSchema): string[] {
  const fresh = freshCandidates(output);
  const example = fresh.length > 0 ? [`for example:  - fresh: { field: ${fresh[0]}, max_age: 5m, max_future: 30s }`] : [];
  return [...listed("Freshness candidates (strict RFC 3339 date-times in the samples)", fresh), ...example, ...listed("Bind candidates (in the call and the response)", bindCandidates(input, output))];
}

function header(input: SampleDraftInput): string[] {
  const n = input.responses.length;
  const names = input.responses.map((r) => r.name).join(", ");
  return [
    schemaModeline(input.specsDir),
    `Drafted by \`toolgate import sample\` from ${n} recorded response${n === 1 ? "" : "s"} (${names}).`,
    "The bounds are suggestions: maxLength, maxItems and limits are 2x the largest sample, rounded up",
    "to a power of two (at least 8); required lists the members present in every sample; no enum is",
    "inferred. Review them, then replace every TODO.",
  ];
}

/** The draft of a tool spec whose `output` is inferred from recorded responses: YAML text, TODO markers where a person decides. */
export function draftSampleSpec(input: SampleDraftInput): string {
  const output = inferSchema(input.responses.map((r) => r.value));
  const inputSchema = input.inputs !== undefined && input.inputs.length > 0 ? inferSchema(input.inputs) : undefined;
  const spec = {
    tool: input.tool,
    version: 1,
    description: TODO.description,
    input: inputSchema ?? TODO.input,
    output,
    agent_view: TODO.agent_view,
    limits: limitsFor(input.responses),
    checks: TODO.checks,
    retry: TODO.retry,
  };
  const doc = new Document();
  const root = yamlNode(spec) as YAMLMap;
  root.flow = false;
  doc.contents = root;
  doc.commentBefore = commentLines(header(input));
  commentAbove(root, "agent_view", listed("Candidates (scalar fields present in every sample)", viewCandidates(output)));
  commentAbove(root, "checks", checksComment(inputSchema, output));
  commentAbove(root, "retry", ["safe: only reads; idempotent: repeating it does what doing it once does; unsafe: anything else.", "Not inferred from the samples, nor from an HTTP method."]);
  return doc.toString({ lineWidth: 0 });
}
