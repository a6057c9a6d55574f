export { anthropicToolResult, modelText, runTool, type UpstreamAnswer, type UpstreamFailureAnswer, type UpstreamFn } from "./run.js";
