import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChangeCode } from "./changes.js";
import { classifyTool } from "./classify.js";
import type { ToolContract } from "./contract.js";
import type { RenderedDefinitions } from "./definitions.js";
import type { SchemaNode } from "../ir/types.js";

const closed = (properties: Record<string, unknown>, required: string[] = []): SchemaNode => ({ type: "object", properties, required, additionalProperties: false }) as SchemaNode;

const base: ToolContract = {
  definition: { title: null, description: "Probe." },
  input: closed({ id: { type: "string", maxLength: 8 }, mode: { enum: ["fast", "full"] } }, ["id"]),
  output: closed({ state: { enum: ["ok", "down"] }, note: { type: "string", maxLength: 100, pattern: "^[a-z]*$" }, tags: { type: "array", items: { type: "string" }, maxItems: 5 } }, ["state"]),
  agent_view: closed({ state: { enum: ["ok", "down"] }, note: { type: "string" } }, ["state"]),
  errors: [{ code: "NOT_FOUND", action: "report", retryable: false }],
  limits: { max_bytes: 8192, max_depth: 4, lossless_integer_keys: [] },
  checks: [{ id: "fresh.at", kind: "fresh", field: "at", max_age_ms: 60_000, max_future_ms: 5_000 }],
  retry: { class: "safe", max_attempts: 2, budget_ms: 5_000, on: [] },
  upstream: { envelope: false, method: "GET", path: "/probe", operation: null, open_world: false },
};

type Edit = (c: ToolContract) => ToolContract;
const output = (edit: (p: Record<string, unknown>) => Record<string, unknown>, required = ["state"]): Edit => (c) => ({ ...c, output: closed(edit({ ...(c.output.properties as Record<string, unknown>) }), required) });
const input = (edit: (p: Record<string, unknown>) => Record<string, unknown>, required = ["id"]): Edit => (c) => ({ ...c, input: closed(edit({ ...(c.input.properties as Record<string, unknown>) }), required) });
const view = (edit: (p: Record<string, unknown>) => Record<string, unknown>, required = ["state"]): Edit => (c) => ({ ...c, agent_view: closed(edit({ ...(c.agent_view.properties as Record<string, unknown>) }), required) });

const codes = (edit: Edit): ChangeCode[] => classifyTool(base, edit(base)).map((c) => c.code);

const cases: [string, Edit, ChangeCode, boolean][] = [
  ["a view field removed", view(({ note: _n, ...p }) => p), "TG610", true],
  ["a view field added", view((p) => ({ ...p, extra: { type: "string" } })), "TG611", true],
  ["a view enum value added", view((p) => ({ ...p, state: { enum: ["ok", "down", "maybe"] } })), "TG612", true],
  ["a view type widened", view((p) => ({ ...p, note: { type: ["string", "null"] } })), "TG612", true],
  ["a view field made optional", view((p) => p, []), "TG613", true],
  ["a view enum value removed", view((p) => ({ ...p, state: { enum: ["ok"] } })), "TG614", false],
  ["a view schema under anyOf changed", view((p) => ({ ...p, note: { anyOf: [{ type: "string" }, { type: "null" }] } })), "TG615", true],
  ["an input field made required", input((p) => p, ["id", "mode"]), "TG620", true],
  ["an input enum narrowed", input((p) => ({ ...p, mode: { enum: ["fast"] } })), "TG621", true],
  ["an input type narrowed", input((p) => ({ ...p, id: { type: "integer" } })), "TG621", true],
  ["an input maxLength lowered", input((p) => ({ ...p, id: { type: "string", maxLength: 4 } })), "TG622", true],
  ["an input pattern added", input((p) => ({ ...p, id: { type: "string", maxLength: 8, pattern: "^a" } })), "TG622", true],
  ["an optional input field added", input((p) => ({ ...p, opts: { type: "object" } })), "TG625", false],
  ["an input field removed", input(({ mode: _m, ...p }) => p), "TG624", true],
  ["an input enum widened", input((p) => ({ ...p, mode: { enum: ["fast", "full", "auto"] } })), "TG625", false],
  ["an input maxLength raised", input((p) => ({ ...p, id: { type: "string", maxLength: 80 } })), "TG625", false],
  ["an input oneOf changed", input((p) => ({ ...p, mode: { oneOf: [{ const: "fast" }] } })), "TG626", true],
  ["an error code removed", (c) => ({ ...c, errors: [] }), "TG630", true],
  ["an error action changed", (c) => ({ ...c, errors: [{ code: "NOT_FOUND", action: "retry", retryable: true }] }), "TG631", true],
  ["an error code added", (c) => ({ ...c, errors: [...c.errors, { code: "OOPS", action: "report", retryable: false }] }), "TG632", false],
  ["the retry class changed", (c) => ({ ...c, retry: { ...c.retry, class: "unsafe" } }), "TG633", true],
  ["the retry budget changed", (c) => ({ ...c, retry: { ...c.retry, budget_ms: 1 } }), "TG634", false],
  ["a new required output field", output((p) => p, ["state", "note"]), "TG640", true],
  ["an output enum narrowed", output((p) => ({ ...p, state: { enum: ["ok"] } })), "TG641", true],
  ["an output type changed", output((p) => ({ ...p, note: { type: "integer" } })), "TG641", true],
  ["an output maxLength lowered", output((p) => ({ ...p, note: { type: "string", maxLength: 10, pattern: "^[a-z]*$" } })), "TG642", true],
  ["an output pattern changed", output((p) => ({ ...p, note: { type: "string", maxLength: 100, pattern: "^[a-y]*$" } })), "TG642", true],
  ["an output maxItems lowered", output((p) => ({ ...p, tags: { type: "array", items: { type: "string" }, maxItems: 2 } })), "TG642", true],
  ["an output minimum added", output((p) => ({ ...p, count: { type: "integer", minimum: 1 } })), "TG645", false],
  ["an output item type narrowed", output((p) => ({ ...p, tags: { type: "array", items: { enum: ["a"] }, maxItems: 5 } })), "TG641", true],
  ["an output field removed from the closed object", output(({ note: _n, ...p }) => p), "TG644", true],
  ["an output enum widened", output((p) => ({ ...p, state: { enum: ["ok", "down", "new"] } })), "TG645", false],
  ["an output maxLength removed", output((p) => ({ ...p, note: { type: "string", pattern: "^[a-z]*$" } })), "TG645", false],
  ["max_bytes lowered", (c) => ({ ...c, limits: { ...c.limits, max_bytes: 1024 } }), "TG650", true],
  ["max_depth lowered", (c) => ({ ...c, limits: { ...c.limits, max_depth: 2 } }), "TG650", true],
  ["max_bytes raised", (c) => ({ ...c, limits: { ...c.limits, max_bytes: 65536 } }), "TG653", false],
  ["a fresh window shortened", (c) => ({ ...c, checks: [{ id: "fresh.at", kind: "fresh", field: "at", max_age_ms: 30_000, max_future_ms: 5_000 }] }), "TG651", true],
  ["a fresh future edge shortened", (c) => ({ ...c, checks: [{ id: "fresh.at", kind: "fresh", field: "at", max_age_ms: 60_000, max_future_ms: 0 }] }), "TG651", true],
  ["a fresh window lengthened", (c) => ({ ...c, checks: [{ id: "fresh.at", kind: "fresh", field: "at", max_age_ms: 120_000, max_future_ms: 5_000 }] }), "TG653", false],
  ["a bind check added", (c) => ({ ...c, checks: [...c.checks, { id: "bind.id", kind: "bind", output: "id", input: "id" }] }), "TG652", true],
  ["a check removed", (c) => ({ ...c, checks: [] }), "TG653", false],
  ["the upstream path changed", (c) => ({ ...c, upstream: { ...c.upstream, path: "/v2/probe" } }), "TG654", true],
  ["the description changed", (c) => ({ ...c, definition: { ...c.definition, description: "Probes." } }), "TG605", false],
  ["an output pattern widened by an alternative", output((p) => ({ ...p, note: { type: "string", maxLength: 100, pattern: "^(?:[a-z]*)$|^n/a$" } })), "TG645", false],
];

describe("classifyTool", () => {
  it("finds no change between a contract and itself", () => {
    expect(classifyTool(base, base)).toEqual([]);
  });

  it.each(cases)("classifies %s", (_name, edit, code, breaking) => {
    const changes = classifyTool(base, edit(base));
    expect(changes.map((c) => c.code)).toContain(code);
    expect(changes.find((c) => c.code === code)).toMatchObject({ breaking });
    expect(changes.every((c) => c.path.startsWith("/") && c.message.length > 0)).toBe(true);
  });

  it("classifies an input object closed (an open object gets additionalProperties: false)", () => {
    const open: ToolContract = { ...base, input: { ...base.input, additionalProperties: true } };
    expect(classifyTool(open, base).map((c) => c.code)).toEqual(["TG623"]);
    expect(classifyTool(base, open).map((c) => c.code)).toEqual(["TG625"]);
  });

  it("follows $refs into definitions, and reports a change behind one at the referring path", () => {
    const withRef = (values: string[]): ToolContract => ({
      ...base,
      output: { ...closed({ state: { $ref: "#/$defs/state" } }, ["state"]), $defs: { state: { enum: values } } },
    });
    const changes = classifyTool(withRef(["ok", "down"]), withRef(["ok"]));
    expect(changes).toEqual([{ code: "TG641", side: "upstream", breaking: true, path: "/output/properties/state", message: 'output.state no longer allows "down"' }]);
  });

  it("says it cannot classify a change inside a definition an anyOf references", () => {
    const withRef = (max: number): ToolContract => ({
      ...base,
      output: { ...closed({ v: { anyOf: [{ $ref: "#/$defs/n" }, { type: "null" }] } }), $defs: { n: { type: "integer", maximum: max } } },
    });
    expect(codes(() => withRef(9))).not.toContain("TG646");
    expect(classifyTool(withRef(10), withRef(9)).map((c) => c.code)).toEqual(["TG646"]);
  });

  it("treats integer → number as widening and number → integer as narrowing", () => {
    const num = (type: string): ToolContract => ({ ...base, input: closed({ n: { type } }) });
    expect(classifyTool(num("integer"), num("number")).map((c) => c.code)).toEqual(["TG625"]);
    expect(classifyTool(num("number"), num("integer")).map((c) => c.code)).toEqual(["TG621"]);
  });

  // Property tests over random object schemas: a tighter bound anywhere along properties/items is
  // always breaking for the sender, and loosening it back never is.
  const leaf = fc.oneof(
    fc.record({ type: fc.constant("string"), maxLength: fc.integer({ min: 1, max: 50 }) }),
    fc.record({ type: fc.constant("integer"), maximum: fc.integer({ min: 1, max: 50 }) }),
    fc.record({ enum: fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { minLength: 2 }) }),
  );
  const schema = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      leaf,
      fc.dictionary(fc.constantFrom("p", "q", "r"), tie("node"), { minKeys: 1, maxKeys: 3 }).map((properties) => closed(properties, Object.keys(properties).slice(0, 1))),
      tie("node").map((items) => ({ type: "array", items, maxItems: 3 })),
    ),
  })).node;

  /** Every leaf with a bound, by path, and a copy with that bound lowered. */
  function tightenAt(node: unknown, choice: number): unknown {
    const n = node as Record<string, unknown>;
    if (n.properties) {
      const keys = Object.keys(n.properties as object);
      const key = keys[choice % keys.length]!;
      return { ...n, properties: { ...(n.properties as object), [key]: tightenAt((n.properties as Record<string, unknown>)[key], Math.floor(choice / keys.length)) } };
    }
    if (n.items) return { ...n, items: tightenAt(n.items, choice) };
    if (typeof n.maxLength === "number") return { ...n, maxLength: n.maxLength - 1 };
    if (typeof n.maximum === "number") return { ...n, maximum: n.maximum - 1 };
    return { ...n, enum: (n.enum as string[]).slice(1) };
  }

  const asOutput = (s: unknown): ToolContract => ({ ...base, output: closed({ v: s }, ["v"]) });

  it("reports a tightened output anywhere as breaking, and loosening it as compatible only", () => {
    fc.assert(
      fc.property(schema, fc.nat(), (s, choice) => {
        const tighter = asOutput(tightenAt(s, choice));
        expect(classifyTool(asOutput(s), asOutput(s))).toEqual([]);
        expect(classifyTool(asOutput(s), tighter).some((c) => c.breaking && c.side === "upstream")).toBe(true);
        expect(classifyTool(tighter, asOutput(s)).every((c) => !c.breaking)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("classifyTool on the rendered tool definitions", () => {
  const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const definitions: RenderedDefinitions = {
    mcp: { name: "probe", description: "Probe.", inputSchema: base.input, outputSchema: base.agent_view, annotations },
    openai: { name: "probe", description: "Probe.", parameters: base.input, strict: true },
    anthropic: { name: "probe", description: "Probe.", input_schema: base.input, strict: false },
    gemini: { name: "probe", description: "Probe.", parametersJsonSchema: base.input },
  };
  const rendered: ToolContract = { ...base, definitions };
  const edited = (edit: (d: RenderedDefinitions) => RenderedDefinitions, contract = rendered): ToolContract => ({ ...contract, definitions: edit(definitions) });
  const changes = (after: ToolContract) => classifyTool(rendered, after).map((c) => [c.code, c.breaking, c.message]);

  it("reports strict mode turned off as breaking, turned on as compatible", () => {
    expect(changes(edited((d) => ({ ...d, openai: { ...d.openai, strict: false } })))).toEqual([["TG659", true, "openai strict mode turned off: the model's arguments are no longer constrained to the schema"]]);
    expect(changes(edited((d) => ({ ...d, anthropic: { ...d.anthropic, strict: true } })))).toEqual([["TG660", false, "anthropic strict mode turned on"]]);
  });

  it("reports a parameters or output schema rendered differently from unchanged sources as breaking", () => {
    const parameters = { ...base.input, description: "restated" };
    expect(changes(edited((d) => ({ ...d, gemini: { ...d.gemini, parametersJsonSchema: parameters } })))).toEqual([["TG661", true, "gemini parameters schema changed though the input did not"]]);
    expect(changes(edited((d) => ({ ...d, mcp: { ...d.mcp, outputSchema: {} } })))).toEqual([["TG662", true, "MCP outputSchema changed though the agent view did not"]]);
  });

  it("leaves a schema change whose source changed to the input codes", () => {
    const input = { ...base.input, properties: { id: { type: "string", maxLength: 4 } } } as ToolContract["input"];
    const after = edited((d) => ({ ...d, gemini: { ...d.gemini, parametersJsonSchema: input } }), { ...rendered, input });
    expect(classifyTool(rendered, after).map((c) => c.code)).not.toContain("TG661");
  });

  it("reports readOnly → destructive annotations as breaking, the reverse as compatible", () => {
    const destructive = { ...annotations, readOnlyHint: false, destructiveHint: true };
    expect(changes(edited((d) => ({ ...d, mcp: { ...d.mcp, annotations: destructive } })))).toEqual([
      ["TG663", true, "MCP annotations.destructiveHint false → true"],
      ["TG663", true, "MCP annotations.readOnlyHint true → false"],
    ]);
    const safer = classifyTool(edited((d) => ({ ...d, mcp: { ...d.mcp, annotations: destructive } })), rendered);
    expect(safer.map((c) => [c.code, c.breaking])).toEqual([["TG664", false], ["TG664", false]]);
  });

  it("compares nothing rendered against a contract recorded before definitions were", () => {
    expect(classifyTool(base, rendered)).toEqual([]);
  });
});
