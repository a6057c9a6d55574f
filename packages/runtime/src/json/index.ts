export { isForbiddenKey } from "./keys.js";
export { parseStrict } from "./parse.js";
export type { ParseFailure, ParseFailureReason, ParseLimits, ParseOutcome } from "./types.js";
