import { _, join, jsdoc, Name } from "../../codegen/code.js";
import { diagnostic, quote, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ToolIR } from "../../ir/types.js";
import { locate } from "../../ir/locate.js";
import type { EmittedFile } from "../emitter.js";
import { portable } from "./dialect/portable.js";
import { literal } from "../../codegen/literal.js";
import { SHARED, type DefinitionTarget, type ToolSchemas } from "./target.js";

export function toolSchemas(tool: ToolIR): ToolSchemas {
  return { input: portable(tool.input, "/input", tool.defs), output: portable(tool.agentView, "/output", tool.defs) };
}

/** `<tool>/definitions.ts`: the shared schemas, then each target's definitions. */
export function emitToolDefinitions(tool: ToolIR, targets: readonly DefinitionTarget[]): { file: EmittedFile; diagnostics: Diagnostic[] } {
  const schemas = toolSchemas(tool);
  const outputs = targets.map((t) => t.emit(tool, schemas));
  const badNames = targets
    .filter((t) => !t.toolName.test(tool.tool))
    .map((t) => diagnostic("TG402", locate(tool, "/tool"), { tool: quote(tool.tool), target: t.name }));
  const types = new Set(["ObjectJsonSchema", ...outputs.flatMap((o) => o.typeImports)]);
  const values = new Set(outputs.flatMap((o) => o.valueImports));
  const imports = [...[...types].map((n) => _`type ${new Name(n)}`), ...[...values].map((n) => new Name(n))];
  const sorted = imports.sort((a, b) => bare(a).localeCompare(bare(b)));
  const content = _`import { ${join(sorted, ", ")} } from "@toolgate/runtime";

${jsdoc(`The arguments of ${tool.tool}: self-contained JSON Schema that validates alike under draft-07 and 2020-12.`)}
const ${SHARED.input}: ObjectJsonSchema = ${literal(schemas.input.schema)};

${jsdoc(`The agent view of ${tool.tool}: the only result fields an agent sees.`)}
const ${SHARED.output}: ObjectJsonSchema = ${literal(schemas.output.schema)};

${join(outputs.map((o) => o.code), "\n\n")}
`;
  const file = { path: `${tool.tool}/definitions.ts`, content: content.toString(), source: tool.specPath };
  return { file, diagnostics: [...badNames, ...outputs.flatMap((o) => o.diagnostics)] };
}

const bare = (code: { toString(): string }): string => code.toString().replace(/^type /, "");
