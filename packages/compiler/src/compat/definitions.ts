import { anthropicInput } from "../emit/definitions/anthropic.js";
import { openaiParameters } from "../emit/definitions/dialect/openai-strict.js";
import { mcpAnnotations } from "../emit/definitions/mcp.js";
import { toolSchemas } from "../emit/definitions/tool-file.js";
import type { ToolIR } from "../ir/types.js";

/**
 * The tool definitions as `<tool>/definitions.ts` renders them, per target, as the manifest records
 * them (README, "The breaking-change gate"): built by the same functions the emitters call, so the
 * gate sees what agents are given. test/compat-definitions.test.ts holds them equal to the emitted ones.
 */
export interface RenderedDefinitions {
  readonly mcp: {
    readonly name: string;
    readonly title?: string;
    readonly description: string;
    readonly inputSchema: unknown;
    readonly outputSchema: unknown;
    readonly annotations: Readonly<Record<string, boolean>>;
  };
  readonly openai: { readonly name: string; readonly description: string; readonly parameters: unknown; readonly strict: boolean };
  readonly anthropic: { readonly name: string; readonly description: string; readonly input_schema: unknown; readonly strict: boolean };
  readonly gemini: { readonly name: string; readonly description: string; readonly parametersJsonSchema: unknown };
}

export function renderedDefinitions(tool: ToolIR): RenderedDefinitions {
  const schemas = toolSchemas(tool);
  const { name, description } = { name: tool.tool, description: tool.description };
  const openai = openaiParameters(schemas.input);
  const anthropic = anthropicInput(schemas.input);
  return {
    mcp: {
      name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description,
      inputSchema: schemas.input.schema,
      outputSchema: schemas.output.schema,
      annotations: mcpAnnotations(tool),
    },
    openai: { name, description, parameters: openai.parameters, strict: openai.strict },
    anthropic: { name, description, input_schema: anthropic.schema, strict: anthropic.strict },
    gemini: { name, description, parametersJsonSchema: schemas.input.schema },
  };
}
