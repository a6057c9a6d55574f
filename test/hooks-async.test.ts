import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runFixturesAsync, type AnyFixtureAdapter, type Fixture } from "@toolgate/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type AdaptedResult, type GeneratedProject } from "./support/generated-project.js";
import { startLoopback, type Loopback } from "./support/loopback.js";
import { typeCheck } from "./support/typecheck.js";

// run_status's hook asks a real HTTP service (a loopback server) whether the run belongs to the project.
const ASYNC_SPEC = `tool: run_status
version: 1
description: A run's state, checked against the run registry.
input:
  type: object
  required: [run_id]
  properties:
    run_id: { type: string, pattern: "^[a-z0-9]{1,16}$" }
output:
  type: object
  required: [run_id, project, state]
  properties:
    run_id: { type: string, pattern: "^[a-z0-9]{1,16}$" }
    project: { type: string, pattern: "^[a-z0-9]{1,16}$" }
    state: { enum: [queued, done] }
agent_view: [run_id, state]
checks:
  - bind: run_id
  - { hook: runBelongsToProject, async: true }
`;

// The same lookup under a 50 ms budget, for the registry that never answers.
const HURRIED_SPEC = ASYNC_SPEC.replace("tool: run_status", "tool: hurried_status").replace("async: true }", "async: true, budget_ms: 50 }");

const SYNC_SPEC = ASYNC_SPEC.replace("tool: run_status", "tool: gate_status").replace("  - { hook: runBelongsToProject, async: true }\n", "  - hook: stateIsKnown\n");

const HOOKS = `import type { GateStatusOutput } from "../generated/gate_status/types.js";

/** Where the registry listens, and every signal a lookup got: set and read by the test. */
export const registry = { url: "", signals: [] as AbortSignal[] };

// Typed structurally, so run_status and hurried_status share it.
export async function runBelongsToProject(output: { run_id: string; project: string }, _input: unknown, signal: AbortSignal): Promise<boolean> {
  registry.signals.push(signal);
  const response = await fetch(registry.url + "/projects/" + output.project + "/runs/" + output.run_id, { signal });
  return response.status === 200;
}

export function stateIsKnown(output: GateStatusOutput, _input: unknown): boolean {
  return output.state === "queued" || output.state === "done";
}
`;

interface Adapter {
  call(args: unknown, context?: Record<string, unknown>): { ok: true; call: unknown } | { ok: false; result: unknown };
  adapt(raw: string, call: unknown): AdaptedResult | Promise<AdaptedResult>;
}

interface Event {
  readonly code?: string;
  readonly layer?: string;
  readonly check_id?: string;
  readonly check_failure?: string;
}

let project: GeneratedProject;
let upstream: Loopback;
let registry: { url: string; signals: AbortSignal[] };
const closed: string[] = [];

beforeAll(async () => {
  project = await generateProject("hooks-async", { "specs/run_status.yaml": ASYNC_SPEC, "specs/gate_status.yaml": SYNC_SPEC, "specs/hurried_status.yaml": HURRIED_SPEC, "specs/hooks.ts": HOOKS });
  upstream = await startLoopback();
  registry = (await import(join(project.dir, "..", "specs", "hooks.ts"))).registry;
  registry.url = upstream.baseUrl;
});
afterAll(async () => {
  await upstream.close();
  await project.dispose();
});

const body = (run: string) => JSON.stringify({ run_id: run, project: "alpha", state: "done" });

/** One call through the generated adapter; the event is the operator's record of it. */
async function adaptOnce(name: string, run: string): Promise<{ result: unknown; returned: unknown; event: Event }> {
  const adapter = await project.adapter(name) as unknown as Adapter;
  let event: Event = {};
  const started = adapter.call({ run_id: run }, { onEvent: (e: Event) => (event = e) });
  if (!started.ok) throw new Error("the call's input was refused");
  const returned = adapter.adapt(body(run), started.call);
  return { returned, result: await returned, event };
}

describe("an async hook runs a real lookup under its budget", () => {
  it("passes when the lookup says yes, and adapt returns a Promise", async () => {
    upstream.handle((request, response) => void response.writeHead(request.url === "/projects/alpha/runs/r1" ? 200 : 404).end());
    const { returned, result, event } = await adaptOnce("runStatus", "r1");
    expect(returned).toBeInstanceOf(Promise);
    expect(result).toMatchObject({ outcome: "success", data: { run_id: "r1", state: "done" } });
    expect(event).toMatchObject({ code: undefined, layer: undefined });
    expect(upstream.requests.map((r) => r.url)).toEqual(["/projects/alpha/runs/r1"]);
  });

  it("fails at layer semantic with the check id when the lookup says no", async () => {
    upstream.handle((_request, response) => void response.writeHead(404).end());
    const { result, event } = await adaptOnce("runStatus", "r2");
    expect(result).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    expect(event).toMatchObject({ code: "INVALID_RESPONSE", layer: "semantic", check_id: "hook.runBelongsToProject" });
    expect(event.check_failure).toBeUndefined();
  });

  it("fails at layer semantic when the hook's promise rejects, without its error text", async () => {
    upstream.handle((request) => void request.socket.destroy());
    const { result, event } = await adaptOnce("runStatus", "r3");
    expect(event).toMatchObject({ code: "INVALID_RESPONSE", layer: "semantic", check_id: "hook.runBelongsToProject", check_failure: "rejected" });
    const told = JSON.stringify([result, event]);
    expect(told).not.toMatch(/fetch failed|ECONNRESET|socket|TypeError/i);
  });

  it("times out after budget_ms against a registry that never answers, and aborts the hook's signal", async () => {
    upstream.handle((request) => void request.on("close", () => closed.push(request.url ?? "")));
    const { result, event } = await adaptOnce("hurriedStatus", "r4");
    expect(result).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    expect(event).toMatchObject({ code: "INVALID_RESPONSE", layer: "semantic", check_id: "hook.runBelongsToProject", check_failure: "timeout" });
    const signal = registry.signals.at(-1)!;
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe("TimeoutError");
    // The abort reached the lookup: fetch closed its connection.
    await expect.poll(() => closed).toContain("/projects/alpha/runs/r4");
  });
});

describe("fixtures of an async tool", () => {
  it("run through runFixturesAsync, which awaits the async adapter and keeps the sync one's result", async () => {
    upstream.handle((_request, response) => void response.writeHead(404).end());
    const index = await project.load<{ adapters: Record<string, AnyFixtureAdapter> }>("index.ts");
    const fixture = (tool: string, run: string): Fixture => ({
      name: tool, tool, raw: body(run), input: { run_id: run }, now: "2026-01-01T00:00:00Z",
      expect: tool === "run_status" ? { outcome: "failure", code: "INVALID_RESPONSE", layer: "semantic", check: "hook.runBelongsToProject" } : { outcome: "success", data: { run_id: run, state: "done" } },
    });
    const runs = await runFixturesAsync(index.adapters, [fixture("run_status", "f1"), fixture("gate_status", "f2")]);
    expect(runs.map((r) => r.ok)).toEqual([true, true]);
  });
});

describe("a tool without an async hook stays sync", () => {
  it("returns its result, not a Promise, from adapt", async () => {
    const adapter = await project.adapter("gateStatus") as unknown as Adapter;
    const started = adapter.call({ run_id: "g1" });
    if (!started.ok) throw new Error("the call's input was refused");
    const returned = adapter.adapt(body("g1"), started.call);
    expect(returned).not.toBeInstanceOf(Promise);
    expect(returned).toMatchObject({ outcome: "success" });
  });

  it("types adapt as Promise-returning for the async tool only", async () => {
    const file = join(project.dir, "..", "adapt-types.ts");
    await writeFile(file, `import { adapters } from "./generated/index.js";
type Returns<T> = T extends (...args: never[]) => infer R ? R : never;
type IsPromise<T> = T extends Promise<unknown> ? true : false;
export const asyncTool: IsPromise<Returns<typeof adapters.run_status.adapt>> = true;
export const syncTool: IsPromise<Returns<typeof adapters.gate_status.adapt>> = false;
`);
    expect(typeCheck([file])).toEqual([]);
  });
});
