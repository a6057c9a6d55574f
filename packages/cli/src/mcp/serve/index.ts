/** Serving an MCP server factory over stdio and Streamable HTTP, both eras (2026-07-28 and 2025-11-25). */
export { serveStdio, type StdioServeOptions } from "./stdio.js";
export { DEFAULT_HTTP_HOST, MCP_HTTP_PATH, serveHttp, type HttpServeOptions, type HttpServing } from "./http.js";
export { fixedToolsServerOptions } from "./options.js";
export { serveUntilStopped, type ServeTarget } from "./until-stopped.js";
