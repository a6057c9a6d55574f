import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { diagnostic, type Diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import { childPointer, parentPointer } from "./pointer.js";

/** A parsed YAML or JSON file that can say where any JSON Pointer inside it was written. */
export interface LoadedDocument {
  readonly path: string;
  readonly value: unknown;
  locate(pointer: string): SourceRange;
}

export interface LoadResult {
  readonly document?: LoadedDocument;
  readonly diagnostics: readonly Diagnostic[];
}

// Aliases can expand exponentially ("billion laughs"); specs have no use for many of them.
const MAX_ALIAS_COUNT = 50;

export function loadDocument(path: string, text: string): LoadResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
  const at = (offset: number): SourceRange => {
    const pos = lineCounter.linePos(offset);
    return { file: path, line: pos.line, column: pos.col };
  };
  const errors = doc.errors.map((e) =>
    e.code === "DUPLICATE_KEY"
      ? diagnostic("TG102", at(e.pos[0]), { key: duplicateKeyName(text, e.pos[0]) })
      : diagnostic("TG101", at(e.pos[0]), { detail: e.message.split("\n")[0] ?? e.code }),
  );
  if (errors.length > 0) return { diagnostics: errors };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    return { diagnostics: [diagnostic("TG101", at(0), { detail: e instanceof Error ? e.message : String(e) })] };
  }
  const offsets = new Map<string, number>();
  if (doc.contents) collectOffsets(doc.contents, "", offsets);
  const locate = (pointer: string): SourceRange => {
    for (let p = pointer; ; p = parentPointer(p)) {
      const offset = offsets.get(p);
      if (offset !== undefined) return at(offset);
      if (p === "") return at(0);
    }
  };
  return { document: { path, value, locate }, diagnostics: [] };
}

function duplicateKeyName(text: string, offset: number): string {
  const rest = text.slice(offset, offset + 80);
  const match = /^["']?([^"':\n]*)/.exec(rest);
  return JSON.stringify(match?.[1] ?? "?");
}

/** Records where each mapping key (or sequence item) starts, keyed by JSON Pointer. */
function collectOffsets(node: Node, pointer: string, out: Map<string, number>): void {
  if (!out.has(pointer) && node.range) out.set(pointer, node.range[0]);
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const child = childPointer(pointer, key);
      const keyNode = pair.key as Node | null;
      if (keyNode?.range) out.set(child, keyNode.range[0]);
      if (pair.value) collectOffsets(pair.value as Node, child, out);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => collectOffsets(item as Node, childPointer(pointer, i), out));
  }
}
