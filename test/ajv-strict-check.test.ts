import { describe, expect, it } from "vitest";
import { positionOf } from "./support/position.js";
import { compileTexts } from "./support/project.js";

const spec = (field: string): string => `tool: pets
version: 1
description: Looks up a pet.
input:
  type: object
  properties:
    id: { type: string, maxLength: 8 }
output:
  type: object
  properties:
    status: { enum: [ok] }
${field}
agent_view: [status]
`;

const BAD_BRANCHES = `oneOf:
        - { type: object, required: [kind], properties: { kind: { type: string } } }
        - { type: object, required: [kind], properties: { kind: { const: dog } } }`;

// Ajv's strict compile refuses what the meta-schema allows: a discriminator whose branch has no const tag.
describe("Ajv's strict compile runs in the front end", () => {
  it("reports TG210 at the keyword Ajv refuses, not at the spec's first line", async () => {
    const text = spec(`    pet:\n      type: object\n      discriminator: { propertyName: kind }\n      ${BAD_BRANCHES}`);
    const out = await compileTexts({ "specs/pets.yaml": text });
    const at = positionOf("specs/pets.yaml", text, "discriminator:");
    expect(out.files).toEqual([]);
    expect(out.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ["TG210", at.file, at.line, at.column, 'invalid JSON Schema: discriminator: "properties/kind" must have "const" or "enum"'],
    ]);
  });

  it("follows a $ref to the shared file where the refused schema is written", async () => {
    const shared = `$defs:\n  pet:\n    type: object\n    discriminator: { propertyName: kind }\n    ${BAD_BRANCHES.replaceAll("\n      ", "\n    ")}\n`;
    const text = spec('    pet: { $ref: "./schemas/pet.yaml#/$defs/pet" }');
    const out = await compileTexts({ "specs/pets.yaml": text, "specs/schemas/pet.yaml": shared });
    const at = positionOf("specs/schemas/pet.yaml", shared, "discriminator:");
    expect(out.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([["TG210", at.file, at.line, at.column]]);
  });
});
