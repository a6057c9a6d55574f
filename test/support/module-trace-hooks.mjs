// The loader hook module-trace.mjs registers (it runs off the main thread).
import { appendFileSync } from "node:fs";

export async function load(url, context, nextLoad) {
  appendFileSync(process.env.TOOLGATE_TRACE_MODULES, `${url}\n`);
  return nextLoad(url, context);
}
