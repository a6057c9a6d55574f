import { describe, expect, it } from "vitest";
import { atPointer, findings } from "../../../../test/support/compiler-findings.js";
import { checkAjvStrict, type StrictSchemas } from "./ajv-strict.js";

// Ajv refuses a discriminator whose branches do not give the tag a const; the meta-schema does not.
const LOOSE = { type: "object", required: ["kind"], discriminator: { propertyName: "kind" }, oneOf: [{ properties: { kind: { type: "string" } } }] };
const TIGHT = { type: "object", required: ["kind"], discriminator: { propertyName: "kind" }, oneOf: [{ properties: { kind: { const: "a" } } }] };
const OBJECT = { type: "object" };

const check = (schemas: Partial<StrictSchemas>) =>
  findings((sink) => checkAjvStrict({ input: OBJECT, output: OBJECT, agentView: OBJECT, defs: {}, ...schemas }, atPointer, sink)).map((d) => d.split(" ").slice(0, 2).join(" "));

describe("checkAjvStrict", () => {
  it("accepts schemas Ajv compiles, a valid discriminator among them", () => {
    expect(check({ input: TIGHT, output: { type: "object", properties: { t: { $ref: "#/$defs/t" } } }, defs: { t: TIGHT } })).toEqual([]);
  });

  it("TG210 at the refused keyword of the refused schema, with Ajv's message", () => {
    const found = findings((sink) => checkAjvStrict({ input: OBJECT, output: { type: "object", properties: { v: LOOSE } }, agentView: OBJECT, defs: {} }, atPointer, sink));
    expect(found).toEqual([expect.stringMatching(/^TG210 \/output\/properties\/v\/discriminator invalid JSON Schema: discriminator: /)]);
  });

  it("follows a $ref to the definition where the mistake is written", () => {
    expect(check({ input: { type: "object", properties: { v: { $ref: "#/$defs/v" } } }, defs: { v: LOOSE } })).toEqual(["TG210 /$defs/v/discriminator"]);
  });

  it("shows a refusal in the agent view at output, and reports one refusal per tool", () => {
    expect(check({ agentView: { type: "object", properties: { w: LOOSE } } })).toEqual(["TG210 /output/properties/w/discriminator"]);
    expect(check({ input: LOOSE, output: LOOSE })).toEqual(["TG210 /input/discriminator"]);
  });
});

describe("checkAjvStrict across tools (one Ajv per thread, verdicts by content)", () => {
  it("judges each tool's own definitions, not the ones an earlier tool compiled under the same pointer", () => {
    const refers = { type: "object", properties: { v: { $ref: "#/$defs/v" } } };
    expect(check({ input: refers, defs: { v: LOOSE } })).toEqual(["TG210 /$defs/v/discriminator"]);
    expect(check({ input: refers, defs: { v: TIGHT } })).toEqual([]);
    expect(check({ input: refers, defs: { v: LOOSE } })).toEqual(["TG210 /$defs/v/discriminator"]);
  });

  it("reports a cached refusal where the later tool wrote it", () => {
    const first = findings((sink) => checkAjvStrict({ input: LOOSE, output: OBJECT, agentView: OBJECT, defs: {} }, (p) => ({ file: "a.yaml", line: 1, column: 1 + p.length }), sink));
    const again = findings((sink) => checkAjvStrict({ input: LOOSE, output: OBJECT, agentView: OBJECT, defs: {} }, (p) => ({ file: "b.yaml", line: 2, column: 1 + p.length }), sink));
    expect(first).toHaveLength(1);
    expect(again).toHaveLength(1);
    expect(again[0]).not.toEqual(first[0]);
  });
});
