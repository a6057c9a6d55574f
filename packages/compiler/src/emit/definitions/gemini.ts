import { _, jsdoc } from "../../codegen/code.js";
import { runtimeType } from "../../codegen/file.js";
import { SHARED, type DefinitionTarget } from "./target.js";

/**
 * Gemini `functionDeclarations[]` with `parametersJsonSchema` (plain JSON Schema, not the OpenAPI
 * `Schema` subset of `parameters`). Gemini has no strict mode: the schema guides the model, and
 * the adapter's input validator is what enforces it, so only the name rule is a hard check.
 */
export const geminiTarget: DefinitionTarget = {
  name: "Gemini",
  // Starts with a letter or underscore; letters, digits, _ . : - ; at most 64.
  toolName: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  emit(tool, _schemas, file) {
    const code = _`${jsdoc(`Gemini function declaration of ${tool.tool}.`)}
export const ${file.name("geminiFunctionDeclaration")}: ${file.import(runtimeType("GeminiFunctionDeclaration"))} = {
  name: ${tool.tool},
  description: ${tool.description},
  parametersJsonSchema: ${SHARED.input},
};`;
    return { code, diagnostics: [] };
  },
};
