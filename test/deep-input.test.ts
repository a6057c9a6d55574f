import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { toStandardSchema, type Adapter, type AdapterEvent, type Validator } from "@toolgate/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileTexts, scratchDir } from "./support/project.js";

/**
 * Arguments come from the model, already parsed, with no depth limit. A recursive input schema
 * makes validation recurse with the data; nesting deeper than the stack must still end as
 * INVALID_INPUT, with an event, and never as an exception out of `call`. The same holds where an MCP
 * client reads structuredContent (`readResult`, which holds it to the tool's limits) and where an SDK validates arguments through the
 * Standard Schema wrapper.
 */

const SPEC = `tool: tree_lookup
version: 1
description: Looks up a tree of filters. Starts nothing, changes nothing.
input:
  type: object
  required: [filter]
  properties:
    filter: { $ref: "./schemas/tree.yaml#/$defs/node" }
output:
  type: object
  required: [count]
  properties:
    count: { type: integer, minimum: 0 }
    tree: { $ref: "./schemas/tree.yaml#/$defs/node" }
agent_view: [count, tree]
`;

const TREE = `$defs:
  node:
    type: object
    properties:
      name: { type: string, maxLength: 20 }
      child: { $ref: "#/$defs/node" }
`;

let scratch: { dir: string; dispose: () => Promise<void> };
let adapter: Adapter<unknown, unknown, unknown>;
let readResult: (result: unknown, args: unknown) => { outcome: string; error?: { code: string } };
let validateInput: Validator;

beforeAll(async () => {
  const out = await compileTexts({ "specs/tree_lookup.yaml": SPEC, "specs/schemas/tree.yaml": TREE });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  scratch = await scratchDir("deep-input");
  for (const file of out.files) {
    await mkdir(dirname(join(scratch.dir, file.path)), { recursive: true });
    await writeFile(join(scratch.dir, file.path), file.content, "utf8");
  }
  adapter = ((await import(join(scratch.dir, "tree_lookup/adapter.ts"))) as { default: Adapter<unknown, unknown, unknown> }).default;
  ({ readResult } = (await import(join(scratch.dir, "tree_lookup/client.ts"))) as { readResult: typeof readResult });
  ({ validateInput } = (await import(join(scratch.dir, "tree_lookup/validate.ts"))) as { validateInput: Validator });
});

afterAll(() => scratch.dispose());

function nested(depth: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let node = leaf;
  for (let i = 0; i < depth; i++) node = { name: "n", child: node };
  return node;
}

describe("deeply nested arguments", () => {
  it("are checked all the way down when the stack allows", () => {
    expect(adapter.call({ filter: nested(500, { name: "leaf" }) }).ok).toBe(true);
    const bad = adapter.call({ filter: nested(500, { name: 7 }) });
    expect(bad.ok).toBe(false);
  });

  it("deeper than the stack give INVALID_INPUT and an event, not an exception", () => {
    const events: AdapterEvent[] = [];
    let started: ReturnType<typeof adapter.call> | undefined;
    expect(() => (started = adapter.call({ filter: nested(200_000, { name: "leaf" }) }, { onEvent: (e) => events.push(e) }))).not.toThrow();
    expect(started?.ok).toBe(false);
    if (started?.ok !== false) return;
    expect(started.result.error.code).toBe("INVALID_INPUT");
    expect(started.result.error.invalid_fields).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ layer: "input", check_id: "exception", schema_errors: [] });
  });

  it("in structuredContent read by an MCP client give INVALID_RESPONSE", () => {
    const read = (tree: unknown): unknown => readResult({ structuredContent: { count: 1, tree }, content: [] }, { filter: {} });
    // Within the tool's max_depth (32 by default), as anything the server's adapter lets through.
    expect(read(nested(10, { name: "leaf" }))).toMatchObject({ outcome: "success" });
    expect(() => read(nested(200_000, { name: "leaf" }))).not.toThrow();
    expect(read(nested(200_000, { name: "leaf" }))).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
  });

  it("through the Standard Schema wrapper give an issue, not an exception", () => {
    const schema = toStandardSchema(validateInput, {});
    expect(schema["~standard"].validate({ filter: nested(50, {}) })).toEqual({ value: { filter: nested(50, {}) } });
    expect(schema["~standard"].validate({ filter: nested(200_000, {}) })).toEqual({ issues: [{ message: "is nested too deeply to validate", path: [] }] });
  });
});
