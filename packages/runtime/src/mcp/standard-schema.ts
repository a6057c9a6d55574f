import { verdictOf, type Validator, type ValidatorError } from "../validate/support.js";

/**
 * A Standard Schema (https://standardschema.dev) with its JSON Schema, as MCP SDK v2's
 * `registerTool` takes it, around a generated validator. Declared here so the runtime stays free of
 * dependencies; it is structurally the SDK's `StandardSchemaWithJSON`.
 */
export interface StandardSchemaWithJson<T> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<T>;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
    /** Type-level only (never present at run time): lets the SDK infer handler argument types. */
    readonly types?: { readonly input: T; readonly output: T } | undefined;
  };
}

export interface StandardIssue {
  readonly message: string;
  readonly path: readonly string[];
}

export type StandardResult<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };

const unescape = (token: string): string => token.replace(/~1/g, "/").replace(/~0/g, "~");

/** The failed keyword at its path; a missing property is named from the schema, never from the data. */
function issueOf(error: ValidatorError): StandardIssue {
  const path = error.instancePath.split("/").slice(1).map(unescape);
  const missing = error.keyword === "required" ? error.params?.missingProperty : undefined;
  return { message: `fails ${error.keyword}`, path: typeof missing === "string" ? [...path, missing] : path };
}

/**
 * Wraps a generated validator. Issues name the failed keyword and the path, never a value (the
 * generated validators carry no messages, and most `params` echo data).
 */
export function toStandardSchema<T>(validate: Validator, jsonSchema: Record<string, unknown>): StandardSchemaWithJson<T> {
  return {
    "~standard": {
      version: 1,
      vendor: "toolgate",
      validate(value: unknown): StandardResult<T> {
        const verdict = verdictOf(validate, value);
        if (verdict === true) return { value: value as T };
        if (verdict === "threw") return { issues: [{ message: "is nested too deeply to validate", path: [] }] };
        return { issues: (validate.errors ?? []).map(issueOf) };
      },
      // The emitted schemas validate alike under draft-07 and 2020-12 (see TG504), so every target gets the same.
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}
