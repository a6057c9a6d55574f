import { createRequire } from "node:module";

/** The published JSON Schema (draft-07, for editors) of the tool-contract format. */
export const toolSpecSchema: Readonly<Record<string, unknown>> = createRequire(import.meta.url)(
  "../toolspec.schema.json",
);
