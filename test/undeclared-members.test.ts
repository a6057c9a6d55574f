import type { AdapterEvent } from "@toolgate/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject, type LoadedAdapter } from "./support/generated-project.js";

/**
 * Issue 10 §5: with `unknown_members: ignore` the schemas stay open, so validation passes whatever
 * the upstream adds. The operator event lists the members the spec does not declare (JSON
 * Pointers, escaped, at most 16), through nesting, arrays, maps, patterns, allOf and recursion.
 */

const SPEC = (mode: string, envelope: boolean): string => `tool: drift_probe
version: 1
description: Reads one record.
input:
  type: object
  required: [id]
  properties:
    id: { type: integer }
output:
  type: object
  required: [id]
  allOf:
    - properties:
        extra_ok: { type: string }
  properties:
    id: { type: integer }
    head:
      type: object
      properties:
        sha: { type: string }
    runs:
      type: array
      items: { $ref: "#/$defs/node" }
    labels:
      type: object
      additionalProperties: { type: integer }
    tags:
      type: object
      patternProperties:
        "^x-": { type: object, properties: { v: { type: string } } }
  $defs:
    node:
      type: object
      properties:
        name: { type: string }
        child: { $ref: "#/$defs/node" }
agent_view: [id, head]
unknown_members: ${mode}
${envelope ? "upstream:\n  envelope: true\n" : ""}`;

let ignoring: GeneratedProject;
let rejecting: GeneratedProject;
let enveloped: GeneratedProject;

beforeAll(async () => {
  ignoring = await generateProject("undeclared-ignore", { "specs/drift_probe.yaml": SPEC("ignore", false) });
  rejecting = await generateProject("undeclared-reject", { "specs/drift_probe.yaml": SPEC("reject", false) });
  enveloped = await generateProject("undeclared-envelope", { "specs/drift_probe.yaml": SPEC("ignore", true) });
});

afterAll(async () => {
  await ignoring?.dispose();
  await rejecting?.dispose();
  await enveloped?.dispose();
});

function run(adapter: LoadedAdapter, body: (requestId: string) => unknown): { result: { outcome: string; data?: unknown }; event: AdapterEvent } {
  const events: AdapterEvent[] = [];
  const started = adapter.call({ id: 1 }, { onEvent: (e: AdapterEvent) => events.push(e) });
  if (!started.ok) throw new Error("call refused");
  const requestId = (started.call as { request_id: string }).request_id;
  const result = adapter.adapt(JSON.stringify(body(requestId)), started.call);
  return { result, event: events[0]! };
}

const DRIFTED = {
  id: 1,
  extra_ok: "declared by an allOf member",
  surprise: "x",
  head: { sha: "a", "new/field~1": 1 },
  runs: [{ name: "a", child: { name: "b", deep: true } }, { name: "c", "evil\u202ename\n": 1 }],
  labels: { anything: 1 },
  tags: { "x-a": { v: "1", w: 2 }, other: 3 },
};

describe("unknown_members: ignore", () => {
  it("passes the response, and the event lists every undeclared member's pointer, escaped", async () => {
    const { result, event } = run(await ignoring.adapter("driftProbe"), () => DRIFTED);
    expect(result.outcome).toBe("success");
    expect(result.data).toEqual({ id: 1, head: { sha: "a" } });
    expect([...event.undeclared_members!].sort()).toEqual(
      ["/surprise", "/head/new~1field~01", "/runs/0/child/deep", "/runs/1/evil\\u{202e}name\\u{a}", "/tags/x-a/w", "/tags/other"].sort(),
    );
    expect(JSON.stringify(event)).not.toContain('"x"');
  });

  it("lists nothing when the response holds only declared members", async () => {
    const { event } = run(await ignoring.adapter("driftProbe"), () => ({ id: 1, head: { sha: "a" }, runs: [{ name: "a" }] }));
    expect(event.undeclared_members).toEqual([]);
  });

  it("lists at most 16", async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, i]));
    const { event } = run(await ignoring.adapter("driftProbe"), () => ({ id: 1, ...many }));
    expect(event.undeclared_members).toHaveLength(16);
  });

  it("points into the envelope's data for an envelope upstream", async () => {
    const { result, event } = run(await enveloped.adapter("driftProbe"), (request_id) => ({ tool: "drift_probe", request_id, outcome: "success", data: { id: 1, surprise: 2 } }));
    expect(result.outcome).toBe("success");
    expect(event.undeclared_members).toEqual(["/data/surprise"]);
  });

  it("is not generated for reject tools, whose closed schemas refuse the same response", async () => {
    expect(rejecting.out.files.some((f) => f.path.endsWith("undeclared.ts"))).toBe(false);
    const { result, event } = run(await rejecting.adapter("driftProbe"), () => DRIFTED);
    expect(result.outcome).toBe("failure");
    expect(event.undeclared_members).toBeUndefined();
    expect(event.schema_errors.length).toBeGreaterThan(1);
  });
});
