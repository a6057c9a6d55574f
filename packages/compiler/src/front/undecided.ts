import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { childPointer, splitPointer } from "../load/pointer.js";

/**
 * The TODO rule: a decision an import could not make is written as the string `TODO: <hint>` in
 * place of the key's value (`retry: "TODO: declare …"`). Each one is error TG120 at the value, so a
 * drafted spec never compiles until a person has decided. Payload schemas are data (a `const` or an
 * example may be any string), so `input` and `output` are not searched.
 */

export const TODO_PREFIX = "TODO:";

const SCHEMA_KEYS = new Set(["input", "output"]);

export const isTodo = (value: unknown): value is string => typeof value === "string" && value.startsWith(TODO_PREFIX);

/** JSON Pointers of every TODO value in the spec outside its payload schemas, in document order. */
export function undecidedPointers(spec: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (isTodo(value)) found.push(pointer);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, childPointer(pointer, i)));
    else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) if (pointer !== "" || !SCHEMA_KEYS.has(key)) walk(child, childPointer(pointer, key));
    }
  };
  walk(spec, "");
  return found;
}

/** `checks/0/bind` → `checks[0].bind`: the key as the author reads it. */
function keyPath(pointer: string): string {
  const tokens = splitPointer(pointer) ?? [];
  const text = tokens.map((t, i) => (/^\d+$/.test(t) ? `[${t}]` : i === 0 ? t : `.${t}`)).join("");
  return /^[A-Za-z_][\w.[\]]*$/.test(text) ? text : quote(text);
}

/** Where each value starts (the key's position is where the shape check reports; TG120 points at the value). */
function valueOffsets(text: string, path: string): (pointer: string) => SourceRange {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const offsets = new Map<string, number>();
  const collect = (node: Node | null, pointer: string): void => {
    if (node?.range) offsets.set(pointer, node.range[0]);
    if (isMap(node)) for (const pair of node.items) collect(pair.value as Node | null, childPointer(pointer, isScalar(pair.key) ? String(pair.key.value) : String(pair.key)));
    else if (isSeq(node)) node.items.forEach((item, i) => collect(item as Node, childPointer(pointer, i)));
  };
  collect(doc.contents as Node | null, "");
  return (pointer) => {
    const pos = lineCounter.linePos(offsets.get(pointer) ?? 0);
    return { file: path, line: pos.line, column: pos.col };
  };
}

/** Reports TG120 for each TODO value; returns their pointers so the shape check can leave those values alone. */
export function checkUndecided(spec: unknown, path: string, text: string | undefined, sink: DiagnosticSink): string[] {
  const pointers = undecidedPointers(spec);
  if (pointers.length === 0) return pointers;
  const at = valueOffsets(text ?? "", path);
  for (const pointer of pointers) {
    const value = (splitPointer(pointer) ?? []).reduce<unknown>((node, token) => (node as Record<string, unknown>)[token], spec) as string;
    const todo = value.slice(TODO_PREFIX.length).trim() || "no hint given";
    sink.report(diagnostic("TG120", at(pointer), { key: keyPath(pointer), todo }));
  }
  return pointers;
}
