import { _, jsdoc } from "../../codegen/code.js";
import { runtimeType } from "../../codegen/file.js";
import { problem, type Problem } from "./dialect/problem.js";
import { limitProblems } from "./dialect/anthropic-limits.js";
import type { DialectSchema } from "./dialect/portable.js";
import type { SchemaObject } from "../../schema/walk.js";
import { recursiveDefs, strictForm, type StrictSubset } from "./dialect/subset.js";
import { argumentsSchema, problemDiagnostics, type DefinitionTarget } from "./target.js";

/**
 * Anthropic strict tool use. Its subset (structured outputs, "JSON Schema limitations") lacks
 * numeric, length and maxItems bounds and takes minItems 0 or 1 only; unlike OpenAI it keeps
 * optional properties, so no other transformation is needed.
 */
export const ANTHROPIC_STRICT: StrictSubset = {
  keywords: new Set([
    "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref",
    "title", "description", "default", "pattern", "format", "minItems",
  ]),
  restated: new Set([
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "maxItems", "uniqueItems", "minProperties", "maxProperties",
  ]),
  formats: new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]),
  accepts: (keyword, value) => keyword !== "minItems" || value === 0 || value === 1,
};

/**
 * The arguments in Anthropic's strict form, and whether the tool can be strict on its own (no
 * problem; the list's limits are registry.ts's); the manifest records both.
 */
export function anthropicInput(input: DialectSchema): { readonly schema: SchemaObject; readonly strict: boolean; readonly problems: readonly Problem[] } {
  const recursion = recursiveDefs(input).map((name) => problem(`/$defs/${name}`, `definition ${name} is recursive`));
  const form = strictForm(input, ANTHROPIC_STRICT);
  const problems = [...form.problems, ...recursion];
  if (problems.length === 0) problems.push(...limitProblems(input, form.schema));
  return { schema: form.schema, strict: problems.length === 0, problems };
}

export const anthropicTarget: DefinitionTarget = {
  name: "Anthropic",
  toolName: /^[A-Za-z0-9_-]{1,64}$/,
  emit(tool, schemas, file) {
    const { schema, strict, problems } = anthropicInput(schemas.input);
    const input = argumentsSchema(file, schemas, schema, "anthropicInputSchema", "The arguments in Anthropic's strict subset; bounds it lacks are restated in descriptions.");
    const code = _`${input.declaration}
${jsdoc(`Anthropic Messages API tools[] entry of ${tool.tool}.`)}
export const ${file.name("anthropicTool")}: ${file.import(runtimeType("AnthropicTool"))} = {
  name: ${tool.tool},
  description: ${tool.description},
  input_schema: ${input.ref},
  strict: ${strict},
};`;
    return { code, diagnostics: problemDiagnostics("TG503", tool, "Anthropic", problems) };
  },
};
