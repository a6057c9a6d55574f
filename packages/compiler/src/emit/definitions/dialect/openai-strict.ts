import { isSchemaObject, transformSchema, type SchemaObject } from "../../../schema/walk.js";
import { limitProblems } from "./openai-limits.js";
import { optionalFields, type OptionalFieldsData } from "./optional-fields.js";
import type { DialectSchema } from "./portable.js";
import type { Problem } from "./problem.js";
import { strictForm, type StrictSubset } from "./subset.js";

/** OpenAI Structured Outputs ("Supported schemas"). */
export const OPENAI_STRICT: StrictSubset = {
  keywords: new Set([
    "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref",
    "title", "description", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minItems", "maxItems",
  ]),
  // "default" is not permitted at all; the rest are bounds the decoder does not take.
  restated: new Set(["default", "minLength", "maxLength", "uniqueItems", "minProperties", "maxProperties"]),
  formats: new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]),
};

export interface OpenAIParameters {
  readonly strict: boolean;
  /** The strict form when `strict`, else the portable schema unchanged. */
  readonly parameters: SchemaObject;
  /** What `omitNullOptionals` must undo; empty when not strict. */
  readonly optional: OptionalFieldsData;
  /** Why the tool is not strict (TG503). */
  readonly problems: readonly Problem[];
}

/**
 * Strict when the schema maps into the subset: every property becomes required and an optional one
 * nullable (undone at run time by `omitNullOptionals`, so nothing is lost), and bounds strict mode
 * lacks move into descriptions. Anything else keeps the schema as it is, with `strict: false`.
 */
export function openaiParameters(input: DialectSchema): OpenAIParameters {
  const optional = optionalFields(input);
  const form = strictForm(input, OPENAI_STRICT);
  const problems = [...form.problems, ...optional.problems, ...limitProblems(input)];
  if (problems.length > 0) return { strict: false, parameters: input.schema, optional: {}, problems };
  return { strict: true, parameters: allRequired(form.schema), optional: optional.fields, problems };
}

function allRequired(schema: SchemaObject): SchemaObject {
  return transformSchema(schema, "", (node) => {
    if (!isSchemaObject(node.properties)) return node;
    const required = Array.isArray(node.required) ? node.required : [];
    const properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => [key, required.includes(key) ? child : nullable(child)]),
    );
    return { ...node, properties, required: Object.keys(properties) };
  }) as SchemaObject;
}

const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean"]);

/** `type: [t, "null"]` for a plain primitive (the documented idiom), an `anyOf` with null otherwise. */
function nullable(schema: unknown): unknown {
  if (isSchemaObject(schema) && typeof schema.type === "string" && PRIMITIVE_TYPES.has(schema.type) && !("enum" in schema) && !("const" in schema)) {
    return { ...schema, type: [schema.type, "null"] };
  }
  return { anyOf: [schema, { type: "null" }] };
}
