// The cold-start registry: N distinct tools made from the benchmark spec, so no validator can be
// shared. Each differs in its name (hence the envelope's `tool` constant) and one extra property.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_TOOL, specsDir } from "./paths.mjs";

const ANCHOR = "    summary: { type: string, maxLength: 2000 }\n";
const TOOL_LINE = `tool: ${BENCH_TOOL}\n`;

export const benchSpecText = () => readFileSync(join(specsDir, `${BENCH_TOOL}.yaml`), "utf8");

/**
 * The bench spec without its key-dense `rows` (issue 19), so the registry's tools and hence the
 * cold-start figures stay comparable with the runs before it.
 */
function withoutRows(text) {
  const lean = text.replace(/ {4}# The key-dense list[^\n]*\n {4}rows:\n(?: {6,}[^\n]*\n)+/, "").replace(/ {2}- rows\[\]\.[a-z]+\n/g, "");
  if (lean.includes("rows")) throw new Error(`${BENCH_TOOL}.yaml changed; update the registry's rows filter`);
  return lean;
}

export const registryToolName = (index) => `bench_tool_${String(index).padStart(4, "0")}`;

/** Map of `specs/<tool>.yaml` → spec text for tools 0 … count−1. */
export function registrySpecs(count) {
  const template = withoutRows(benchSpecText());
  if (!template.includes(ANCHOR) || !template.includes(TOOL_LINE)) throw new Error(`${BENCH_TOOL}.yaml changed; update the registry template anchors`);
  const specs = new Map();
  for (let i = 0; i < count; i++) {
    const tool = registryToolName(i);
    const text = template.replace(TOOL_LINE, `tool: ${tool}\n`).replace(ANCHOR, `${ANCHOR}    extra_${i}: { type: integer, minimum: ${i} }\n`);
    specs.set(`specs/${tool}.yaml`, text);
  }
  return specs;
}
