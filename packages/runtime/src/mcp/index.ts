export { REQUEST_ID_META_KEY, toCallToolResult, type TextContent, type ToolCallResult } from "./call-tool-result.js";
export { readCallToolResult, type ToolResultContract } from "./read-result.js";
export type { FailureContract } from "./read-failure.js";
export { toStandardSchema, type StandardIssue, type StandardResult, type StandardSchemaWithJson } from "./standard-schema.js";
export { onlyText } from "./parts.js";
