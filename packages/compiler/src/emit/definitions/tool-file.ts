import { outputDirOf } from "../../ir/output-dir.js";
import { _, join, jsdoc } from "../../codegen/code.js";
import { GeneratedFile, runtimeType } from "../../codegen/file.js";
import { locate } from "../../ir/locate.js";
import { literal } from "../../codegen/literal.js";
import { diagnostic, quote } from "../../diagnostics/diagnostic.js";
import type { ToolIR } from "../../ir/types.js";
import { emitted, type EmitResult } from "../emitter.js";
import { portable } from "./dialect/portable.js";
import { SHARED, type DefinitionTarget, type ToolSchemas } from "./target.js";

// The per-tool definitions, the project's definition lists, the manifest's contracts and the lint all
// start from these; the IR is deep-frozen once built, so each tool's are converted once per process.
const converted = new WeakMap<ToolIR, ToolSchemas>();

export function toolSchemas(tool: ToolIR): ToolSchemas {
  const known = converted.get(tool);
  if (known) return known;
  const schemas = { input: portable(tool.input, "/input", tool.defs), output: portable(tool.agentView, "/output", tool.defs) };
  converted.set(tool, schemas);
  return schemas;
}

/** `<tool>/definitions.ts`: the shared schemas, then each target's definitions. */
export function emitToolDefinitions(tool: ToolIR, targets: readonly DefinitionTarget[]): EmitResult {
  const schemas = toolSchemas(tool);
  const file = new GeneratedFile(`${outputDirOf(tool)}/definitions.ts`, tool.specPath, "builder");
  const [input, output] = [file.name(SHARED.input), file.name(SHARED.output)];
  const schemaType = file.import(runtimeType("ObjectJsonSchema"));
  const parts = targets.map((t) => t.emit(tool, schemas, file));
  const badNames = targets
    .filter((t) => !t.toolName.test(tool.tool))
    .map((t) => diagnostic("TG402", locate(tool, "/tool"), { tool: quote(tool.tool), target: t.name }));
  file.write(_`${jsdoc(`The arguments of ${tool.tool}: self-contained JSON Schema that validates alike under draft-07 and 2020-12.`)}
const ${input}: ${schemaType} = ${literal(schemas.input.schema)};

${jsdoc(`The agent view of ${tool.tool}: the only result fields an agent sees.`)}
const ${output}: ${schemaType} = ${literal(schemas.output.schema)};

${join(parts.map((p) => p.code), "\n\n")}
`);
  return emitted([file], [...badNames, ...parts.flatMap((p) => p.diagnostics)]);
}
