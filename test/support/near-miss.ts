import { compile, toolNames, type CompileOutput, type NearMiss, type ToolIR } from "@toolgate/compiler";
import { parseDateTime, type AdapterEvent } from "@toolgate/runtime";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { LoadedAdapter } from "./generated-project.js";
import { repoRoot, scratchDir, specsInput } from "./project.js";

/**
 * Near misses through real generated adapters: the repository's specs (hooks included) compiled
 * into a scratch project inside the repo, laid out as `specs/` + `generated/`, and imported.
 */

export interface ExampleProject {
  readonly tools: readonly ToolIR[];
  adapter(tool: string): Promise<LoadedAdapter>;
  dispose(): Promise<void>;
}

/** Writes compiled output (and the hooks module beside it, where generated code imports it from) into a scratch dir. */
export async function writeProject(prefix: string, out: CompileOutput, hooks?: { path: string; text: string }): Promise<ExampleProject> {
  const errors = out.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join("\n"));
  const scratch = await scratchDir(prefix);
  const files = [...out.files.map((f) => ({ path: join("generated", f.path), text: f.content })), ...(hooks ? [hooks] : [])];
  for (const file of files) {
    await mkdir(dirname(join(scratch.dir, file.path)), { recursive: true });
    await writeFile(join(scratch.dir, file.path), file.text, "utf8");
  }
  const index = async (): Promise<Record<string, LoadedAdapter>> => (await import(join(scratch.dir, "generated", "index.ts"))) as Record<string, LoadedAdapter>;
  return { tools: out.tools, adapter: async (tool) => (await index())[toolNames(tool).camel.toString()]!, dispose: scratch.dispose };
}

/** The example specs of `specs/`, compiled and written out. */
export async function exampleProject(prefix: string): Promise<ExampleProject> {
  const input = await specsInput(join(repoRoot, "specs"));
  return writeProject(prefix, await compile(input), input.hooks);
}

export type Verdict = "expected" | "other-layer" | "accepted";

export interface Judged {
  readonly verdict: Verdict;
  readonly got: string;
}

/** One near miss (or base) through the adapter, the way a fixture runner calls it. */
export function run(adapter: LoadedAdapter, miss: Pick<NearMiss, "raw" | "input" | "now" | "requestId">): { outcome: string; code?: string; layer?: string } {
  let event: AdapterEvent | undefined;
  const context = { now: () => parseDateTime(miss.now), onEvent: (e: AdapterEvent) => (event = e) };
  // A foreign request id is a call issued under that id, as a replayed fixture is (CallOptions.requestId).
  const started = adapter.call(miss.input, context, miss.requestId === undefined ? {} : { requestId: miss.requestId });
  if (!started.ok) return { outcome: "input-refused" };
  const result = adapter.adapt(miss.raw, started.call);
  const code = (result.error as { code?: string } | undefined)?.code;
  return { outcome: result.outcome, ...(code === undefined ? {} : { code }), ...(event?.layer === undefined ? {} : { layer: event.layer }) };
}

export function judge(adapter: LoadedAdapter, miss: NearMiss): Judged {
  const got = run(adapter, miss);
  const text = `${got.outcome} ${got.code ?? ""} ${got.layer ?? ""}`.trim();
  if (got.outcome === "success") return { verdict: "accepted", got: text };
  return { verdict: got.code === miss.expect.code && got.layer === miss.expect.layer ? "expected" : "other-layer", got: text };
}

/** generated / at expected layer / at another layer / wrongly accepted, and the misses that went wrong. */
export function table(adapter: LoadedAdapter, misses: readonly NearMiss[]): { counts: Record<Verdict | "generated", number>; wrong: string[] } {
  const counts = { generated: misses.length, expected: 0, "other-layer": 0, accepted: 0 };
  const wrong: string[] = [];
  for (const miss of misses) {
    const { verdict, got } = judge(adapter, miss);
    counts[verdict]++;
    if (verdict !== "expected") wrong.push(`${miss.id} (${miss.description}): expected ${miss.expect.code} ${miss.expect.layer}, got ${got}`);
  }
  return { counts, wrong };
}
