import type { SourceRange } from "../diagnostics/diagnostic.js";
import type { SourceMap } from "../ir/types.js";
import type { BundledTool } from "../load/bundle.js";
import { childPointer } from "../load/pointer.js";

/**
 * The bundle's locations as plain data: every pointer written in the spec, and in each hoisted
 * definition, with where it was written. `locate` (ir/locate.ts) finds any other pointer through its
 * nearest recorded ancestor, which is where the bundle would have placed it too.
 */
export function sourceMap(spec: unknown, bundle: BundledTool): SourceMap {
  const map: Record<string, SourceRange> = {};
  const pooled = new Set(Object.keys(bundle.defs).map((name) => childPointer("/$defs", name)));
  // A pool definition's pointers come from the file it was hoisted from, not from the spec.
  const inPool = (pointer: string): boolean => pooled.has(/^\/\$defs\/[^/]*/.exec(pointer)?.[0] ?? "");
  for (const pointer of pointers(spec, "")) if (!inPool(pointer)) map[pointer] = bundle.locate(pointer);
  for (const [name, def] of Object.entries(bundle.defs)) {
    for (const pointer of pointers(def, childPointer("/$defs", name))) map[pointer] = bundle.locate(pointer);
  }
  return map;
}

function* pointers(value: unknown, at: string): Generator<string> {
  yield at;
  if (value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) yield* pointers(child, childPointer(at, Array.isArray(value) ? Number(key) : key));
}
