import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { buildChecks } from "./checks.js";
import type { RawCheck } from "./spec.js";

// Each diagnostic is located at its pointer, so a test sees which check it names.
const at = (pointer: string) => ({ file: `s.yaml#${pointer}`, line: 1, column: 1 });

const INPUT = { type: "object", required: ["id"], properties: { id: { type: "string" }, ref: { $ref: "#/$defs/ref" } } };
const OUTPUT = {
  type: "object",
  required: ["id", "at", "meta"],
  properties: {
    id: { type: "string" },
    at: { type: "string", format: "date-time" },
    later: { type: "string", format: "date-time" },
    plain: { type: "string" },
    meta: { type: "object", required: ["ref"], properties: { ref: { type: "string" } } },
  },
};
const DEFS = { ref: { type: "string" } };

function checks(raw: RawCheck[]) {
  const sink = new DiagnosticCollector();
  const built = buildChecks(raw, { input: INPUT, output: OUTPUT, defs: DEFS, locate: at, sink });
  return { built, found: sink.diagnostics.map((d) => `${d.code} ${d.file} ${d.message}`) };
}

describe("buildChecks", () => {
  it("builds bind, fresh and hook checks with default ids and their spec pointers", () => {
    const { built, found } = checks([{ bind: "id" }, { bind: { output: "meta.ref", input: "ref" } }, { fresh: { field: "at", max_age: "5m", max_future: "30s" } }, { hook: "allowed" }]);
    expect(found).toEqual([]);
    expect(built).toEqual([
      { kind: "bind", id: "bind.id", pointer: "/checks/0", output: ["id"], input: ["id"] },
      { kind: "bind", id: "bind.meta.ref", pointer: "/checks/1", output: ["meta", "ref"], input: ["ref"] },
      { kind: "fresh", id: "fresh.at", pointer: "/checks/2", field: ["at"], maxAgeMs: 300_000, maxFutureMs: 30_000 },
      { kind: "hook", id: "hook.allowed", pointer: "/checks/3", name: "allowed" },
    ]);
  });

  it("reports a bind field missing on either side (TG310) and leaves the check out", () => {
    const { built, found } = checks([{ bind: { output: "nope", input: "id" } }, { bind: { output: "id", input: "nope" } }]);
    expect(built).toEqual([]);
    expect(found).toEqual(['TG310 s.yaml#/checks/0 check field "nope" does not exist in output', 'TG310 s.yaml#/checks/1 check field "nope" does not exist in input']);
  });

  it("accepts a fresh field only if it is a required date-time string (TG311)", () => {
    const { built, found } = checks([{ fresh: { field: "later", max_age: "1m" } }, { fresh: { field: "plain", max_age: "1m" } }]);
    expect(built).toEqual([]);
    expect(found.map((d) => d.split(" ").slice(0, 2).join(" "))).toEqual(["TG311 s.yaml#/checks/0", "TG311 s.yaml#/checks/1"]);
  });

  it("reports a duplicate id (TG312) at the second check, explicit or default", () => {
    const { found } = checks([{ bind: "id" }, { id: "bind.id", hook: "h" }, { id: "x", hook: "a" }, { id: "x", hook: "b" }]);
    expect(found.map((d) => d.split(" ").slice(0, 2).join(" "))).toEqual(["TG312 s.yaml#/checks/1", "TG312 s.yaml#/checks/3"]);
  });
});
