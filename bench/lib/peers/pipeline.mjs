// The pipeline a user of a peer validator writes, made as close to the generated adapter as a peer
// allows: the same byte-limit test, the peer's parse and validate, then the generated adapter's own
// bind, semantic and straight-line select functions (captured from its definition), so the rows
// differ only in parsing and validation.
import { register } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_TOOL } from "../paths.mjs";

const rejected = (layer) => ({ outcome: "failure", layer });

/** The generated bind/semantic/select of the bench tool, via the capture resolve hook (lib/capture/). */
export async function generatedChecks(dir) {
  register(new URL("../capture/hooks.mjs", import.meta.url));
  await import(pathToFileURL(join(dir, BENCH_TOOL, "adapter.js")).href);
  const { definitions } = await import("../capture/runtime.mjs");
  return definitions.find((d) => d.tool === BENCH_TOOL);
}

/**
 * text → result: byte limit (UTF-8 length is within [length, 3·length], so `Buffer.byteLength`
 * runs only when that cannot decide) → parse → validate (boolean) → request id → generated checks → select.
 */
export function peerPipeline({ parse, validate, definition, maxBytes, requestId, input, now }) {
  return (text) => {
    if (text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes)) return rejected("transport");
    let doc;
    try {
      doc = parse(text);
    } catch {
      return rejected("syntax");
    }
    if (!validate(doc) || doc.outcome !== "success") return rejected("schema");
    if (doc.request_id !== requestId) return rejected("binding");
    const failed = definition.bind(doc.data, input, now) ?? definition.semantic(doc.data, input, now);
    if (failed) return rejected("semantic");
    return { tool: doc.tool, request_id: doc.request_id, outcome: "success", data: definition.select(doc.data) };
  };
}
