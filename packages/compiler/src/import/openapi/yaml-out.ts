import { isDeepStrictEqual } from "node:util";
import { Document, isMap, isScalar, isSeq, parseDocument, visit, type Node, type Pair } from "yaml";
import { escapeText } from "../../diagnostics/escape.js";

/** How every imported file is printed: no folding, `[a, b]` for lists of scalars, LF. */
const PRINT = { lineWidth: 0, flowCollectionPadding: false } as const;

/** Upstream text shown in a comment or report: one line, no control or bidi characters. */
export const shown = (text: string): string => escapeText(text);

/** Lists of scalars (`required`, `enum`, `errors`) print on one line, as people write them. */
function flowScalarLists(node: Document | Node): void {
  visit(node, {
    Seq(_, seq) {
      if (seq.items.length > 0 && seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
}

/** A new document for plain data, comments set by key path afterwards. */
export function newDocument(value: unknown, header?: string): Document {
  const doc = new Document(value);
  flowScalarLists(doc);
  if (header !== undefined) doc.commentBefore = header;
  return doc;
}

/** The pair at a key path (`["input", "properties", "id"]`); undefined when absent. */
function pairAt(doc: Document, path: readonly string[]): Pair | undefined {
  let node: unknown = doc.contents;
  let found: Pair | undefined;
  for (const key of path) {
    if (!isMap(node)) return undefined;
    found = node.items.find((p) => isScalar(p.key) && p.key.value === key);
    node = found?.value;
  }
  return found;
}

/** Sets the comment lines above a key (each line gets its `#`). */
export function commentAbove(doc: Document, path: readonly string[], lines: readonly string[]): void {
  const key = pairAt(doc, path)?.key as Node | undefined;
  if (key && lines.length > 0) key.commentBefore = lines.map((l) => ` ${l}`).join("\n");
}

export const print = (doc: Document): string => doc.toString(PRINT);

/** A file this import wrote before, as data; undefined when it no longer parses. */
export function parseValue(text: string): unknown {
  const doc = parseDocument(text);
  return doc.errors.length > 0 ? undefined : doc.toJS();
}

/** The value a re-import writes for a key it owns, and what it was before. */
export interface OwnedChange {
  readonly path: readonly string[];
  readonly before: unknown;
  readonly after: unknown;
}

type Owned = readonly (readonly [path: readonly string[], value: unknown])[];

/**
 * Rewrites only the keys the import owns in an author's spec, keeping every other key, comment and
 * decision as the author left it. Each changed top-level key's text is replaced in place, so the
 * rest of the file keeps its bytes; should that not give the intended data (a flow-style file),
 * the whole document is printed again. `undefined` text when the spec does not parse as a mapping.
 */
export function updateOwned(text: string, owned: Owned, decorate: (doc: Document) => void = () => {}): { text?: string; changes: OwnedChange[] } {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return { changes: [] };
  const current = doc.toJS() as Record<string, unknown>;
  const next = new Map<string, unknown>();
  const changes: OwnedChange[] = [];
  for (const [path, after] of owned) {
    const top = current[path[0]!];
    const before = path.length === 1 ? top : isPlainMap(top) ? top[path[1]!] : undefined;
    if (isDeepStrictEqual(before, after)) continue;
    changes.push({ path, before, after });
    const base = next.has(path[0]!) ? next.get(path[0]!) : top;
    next.set(path[0]!, path.length === 1 ? after : { ...(isPlainMap(base) ? base : {}), [path[1]!]: after });
  }
  if (changes.length === 0) return { text, changes };
  const spliced = splice(doc, text, next, decorate);
  const intended = { ...current, ...Object.fromEntries(next) };
  return { text: isDeepStrictEqual(parseValue(spliced), intended) ? spliced : reprinted(doc, next), changes };
}

const isPlainMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The text with each key's `key: value` replaced by the new pair, printed (and commented by `decorate`) as the import prints it. */
function splice(doc: Document, text: string, next: ReadonlyMap<string, unknown>, decorate: (doc: Document) => void): string {
  const edits = [...next].map(([key, value]) => {
    const pairDoc = newDocument({ [key]: value });
    decorate(pairDoc);
    const printed = print(pairDoc).trimEnd();
    const pair = pairAt(doc, [key]);
    const start = (pair?.key as Node | undefined)?.range?.[0];
    const end = (pair?.value as Node | undefined)?.range?.[1] ?? (pair?.key as Node | undefined)?.range?.[1];
    if (start === undefined || end === undefined) return { start: text.length, end: text.length, text: `${text.endsWith("\n") ? "" : "\n"}${printed}\n` };
    return { start, end, text: printed + (text.slice(start, end).endsWith("\n") ? "\n" : "") };
  });
  return edits.sort((a, b) => b.start - a.start).reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), text);
}

function reprinted(doc: Document, next: ReadonlyMap<string, unknown>): string {
  for (const [key, value] of next) doc.set(key, doc.createNode(value));
  for (const key of next.keys()) {
    const node = doc.get(key, true);
    if (isSeq(node) || isMap(node)) flowScalarLists(node as Node);
  }
  return print(doc);
}
