import type { LoadedDocument } from "./document.js";
import { METASCHEMAS_2019_2020 } from "./metaschemas-2019-2020.js";

/** Schemas the compiler ships, by canonical URI (no trailing `#`): read from here, never fetched. */
const BUILT_IN: ReadonlyMap<string, () => unknown> = new Map([...METASCHEMAS_2019_2020]);

const loaded = new Map<string, LoadedDocument>();

/**
 * The built-in schema at `uri` (its fragment ignored) as a document named by that URI. Its
 * `$vocabulary` only lists the standard vocabularies, which toolgate implements: dropped, as the
 * schema rules refuse a custom one.
 */
export function builtInDocument(uri: string): LoadedDocument | undefined {
  const canonical = uri.replace(/#.*$/, "");
  const read = BUILT_IN.get(canonical);
  if (read === undefined) return undefined;
  let doc = loaded.get(canonical);
  if (doc === undefined) {
    const { $vocabulary: _vocabulary, ...value } = read() as Record<string, unknown>;
    doc = { path: canonical, value, locate: () => ({ file: canonical, line: 1, column: 1 }) };
    loaded.set(canonical, doc);
  }
  return doc;
}
