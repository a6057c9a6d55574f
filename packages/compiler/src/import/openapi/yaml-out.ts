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
export function newDocument(value: unknown, header: string): Document {
  const doc = new Document(value);
  flowScalarLists(doc);
  doc.commentBefore = header;
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

/**
 * Rewrites only the keys the import owns in an author's spec, keeping every other key, comment and
 * decision as the author left it. `undefined` text when the spec does not parse as a mapping.
 */
export function updateOwned(text: string, owned: readonly (readonly [path: readonly string[], value: unknown])[]): { text?: string; changes: OwnedChange[] } {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return { changes: [] };
  const changes: OwnedChange[] = [];
  for (const [path, after] of owned) {
    const before = (doc.getIn(path, true) as Node | undefined)?.toJSON();
    if (isDeepStrictEqual(before, after)) continue;
    if (path.length > 1 && !isMap(doc.getIn(path.slice(0, -1), true))) doc.setIn(path.slice(0, -1), doc.createNode({}));
    doc.setIn(path, doc.createNode(after));
    changes.push({ path, before, after });
  }
  flowNew(doc, changes);
  return { text: changes.length > 0 ? print(doc) : text, changes };
}

function flowNew(doc: Document, changes: readonly OwnedChange[]): void {
  for (const change of changes) {
    const node = doc.getIn(change.path, true);
    if (isSeq(node) || isMap(node)) flowScalarLists(node);
  }
}
