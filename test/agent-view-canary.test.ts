import { toCallToolResult } from "@toolgate/runtime";
import fc from "fast-check";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "./support/generated-project.js";

/**
 * Issue 10, done when: for random specs (random nesting, open and closed objects, both
 * unknown_members modes, random agent_view paths) and any response the validator accepts, the agent
 * gets exactly the declared paths of its view, and a canary planted in every undeclared member
 * never appears in the agent result, the MCP result or the text a vendor's API is sent.
 */

const CANARY = "CANARY-7f3a";
const NAMES = ["alpha", "beta", "gamma"] as const;

type Shape =
  | { readonly kind: "scalar"; readonly schema: Record<string, unknown> }
  | { readonly kind: "object"; readonly open: boolean; readonly nullable: boolean; readonly fields: readonly Field[] }
  | { readonly kind: "array"; readonly items: Shape };
interface Field {
  readonly name: string;
  readonly required: boolean;
  readonly shape: Shape;
}

const scalar = fc.constantFrom<Shape>(
  { kind: "scalar", schema: { type: "integer", minimum: 0, maximum: 9 } },
  { kind: "scalar", schema: { enum: ["on", "off"] } },
  { kind: "scalar", schema: { type: "string", pattern: "^[a-z]{1,4}$" } },
  { kind: "scalar", schema: { type: "boolean" } },
);
const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape; object: Shape }>((tie) => ({
  shape: fc.oneof({ depthSize: "small", maxDepth: 3 }, scalar, tie("object"), tie("object").map((items): Shape => ({ kind: "array", items }))),
  object: fc.record({
    kind: fc.constant("object" as const),
    open: fc.boolean(),
    nullable: fc.boolean(),
    fields: fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), required: fc.boolean(), shape: tie("shape") }), { minLength: 1, maxLength: 3, selector: (f) => f.name }),
  }),
})).shape;

interface Tool {
  readonly root: Shape & { kind: "object" };
  readonly view: readonly string[];
  readonly mode: "reject" | "ignore";
}

function schemaOf(s: Shape): Record<string, unknown> {
  if (s.kind === "scalar") return s.schema;
  if (s.kind === "array") return { type: "array", maxItems: 3, items: schemaOf(s.items) };
  return {
    type: s.nullable ? ["object", "null"] : "object",
    ...(s.open ? { additionalProperties: true } : {}),
    required: s.fields.filter((f) => f.required).map((f) => f.name),
    properties: Object.fromEntries(s.fields.map((f) => [f.name, schemaOf(f.shape)])),
  };
}

/** Paths the agent_view may name: each field, and the sub-fields of plain (non-null) objects. */
function viewPaths(s: Shape & { kind: "object" }, prefix = ""): string[][] {
  return s.fields.map((f) => {
    const path = `${prefix}${f.name}`;
    const inner = f.shape.kind === "object" && !f.shape.nullable ? viewPaths(f.shape, `${path}.`) : [];
    return [path, ...inner.flat()];
  });
}

const tool: fc.Arbitrary<Tool> = shape
  .filter((s): s is Shape & { kind: "object" } => s.kind === "object")
  .map((root) => ({ ...root, nullable: false }))
  .chain((root) =>
    fc.record({
      root: fc.constant(root),
      // One path per top-level field at most (either it or some of its sub-fields), never overlapping.
      view: fc.tuple(...viewPaths(root).map((choices) => fc.subarray(choices, { maxLength: 1 }))).map((picked) => picked.flat()).filter((v) => v.length > 0),
      mode: fc.constantFrom("reject" as const, "ignore" as const),
    }),
  );

/** An instance of the shape with a canary member in every object (undeclared, so never to be selected). */
function instance(s: Shape, seed: number): unknown {
  if (s.kind === "scalar") return s.schema.type === "integer" ? seed % 10 : s.schema.type === "boolean" ? seed % 2 === 0 : s.schema.enum ? "on" : "abc";
  if (s.kind === "array") return [0, 1].map((i) => instance(s.items, seed + i));
  if (s.nullable && seed % 5 === 0) return null;
  const present = s.fields.filter((f, i) => f.required || (seed + i) % 3 !== 0);
  return { ...Object.fromEntries(present.map((f, i) => [f.name, instance(f.shape, seed + i + 1)])), zz_undeclared: CANARY };
}

/** The reference projection: the view's paths, each whole value cut down to its declared members. */
function declaredOnly(s: Shape, value: unknown): unknown {
  if (s.kind === "scalar" || value === null) return value;
  if (s.kind === "array") return (value as unknown[]).map((v) => declaredOnly(s.items, v));
  const obj = value as Record<string, unknown>;
  return Object.fromEntries(s.fields.filter((f) => f.name in obj).map((f) => [f.name, declaredOnly(f.shape, obj[f.name])]));
}

function project(root: Shape & { kind: "object" }, view: readonly string[], value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of view) {
    const [head, ...rest] = path.split(".");
    const field = root.fields.find((f) => f.name === head)!;
    if (!(head! in value)) continue;
    if (rest.length === 0) out[head!] = declaredOnly(field.shape, value[head!]);
    else out[head!] = { ...(out[head!] as object), ...project(field.shape as Shape & { kind: "object" }, [rest.join(".")], value[head!] as Record<string, unknown>) };
  }
  return out;
}

const tools = fc.sample(tool, { numRuns: 40, seed: 1010 });
let generated: GeneratedProject;

beforeAll(async () => {
  const specs = Object.fromEntries(tools.map((t, i) => [
    `specs/t${i}.yaml`,
    stringify({ tool: `t${i}`, version: 1, description: "Random.", input: { type: "object" }, output: schemaOf(t.root), agent_view: t.view, unknown_members: t.mode }),
  ]));
  generated = await generateProject("agent-view-canary", specs);
}, 120_000);

afterAll(() => generated.dispose());

describe("random specs with a canary in every undeclared member", () => {
  it("never show the canary; accepted responses give exactly the declared paths of the view", async () => {
    let accepted = 0;
    for (const [i, t] of tools.entries()) {
      const adapter = await generated.adapter(`t${i}`);
      for (let seed = 0; seed < 12; seed++) {
        const body = instance(t.root, seed) as Record<string, unknown>;
        const started = adapter.call({});
        if (!started.ok) throw new Error("call refused");
        const result = adapter.adapt(JSON.stringify(body), started.call) as { outcome: string; data?: unknown };
        for (const text of [JSON.stringify(result), JSON.stringify(toCallToolResult(result as never))]) expect(text).not.toContain(CANARY);
        if (result.outcome !== "success") continue;
        accepted++;
        expect(result.data, `t${i} seed ${seed}`).toEqual(project(t.root, t.view, body));
      }
    }
    // Closed objects refuse the canary member, open ones (and unknown_members: ignore) accept it.
    expect(accepted).toBe(281); // of 480: fixed seed
  });
});
