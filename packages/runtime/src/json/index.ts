export { isForbiddenKey } from "./keys.js";
export { parseStrict } from "./parse.js";
export type { MemberProof, ParseFailure, ParseFailureReason, ParseLimits, ParseOutcome } from "./types.js";
