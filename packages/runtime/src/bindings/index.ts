export {
  anthropicToolResult,
  anthropicUnknownTool,
  modelText,
  runTool,
  UNKNOWN_TOOL_TEXT,
  type AnthropicToolResult,
  type UpstreamAnswer,
  type UpstreamFailureAnswer,
  type UpstreamFn,
} from "./run.js";
