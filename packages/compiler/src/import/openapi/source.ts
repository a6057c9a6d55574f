import { posix } from "node:path";
import { diagnostic, quote, type Diagnostic, type SourceRange } from "../../diagnostics/diagnostic.js";
import { loadDocument, type LoadedDocument } from "../../load/document.js";
import { decodeFragment, resolvePointer } from "../../load/pointer.js";

/**
 * An OpenAPI document and the local files its `$ref`s reach, parsed, in memory. The CLI reads the
 * files (`referencedFiles` says which); everything here is pure. Paths are POSIX and relative to
 * wherever the CLI resolves them.
 */

/** One place a `$ref` leads to. */
export interface Target {
  readonly file: string;
  /** A JSON Pointer into `file` ("" for the whole file). */
  readonly pointer: string;
  readonly value: unknown;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

const isRemote = (ref: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith("//");

/** The file a `$ref` written in `from` names (`from` itself for `#…`); undefined for a remote URL or a malformed one. */
export function refFile(from: string, ref: string): string | undefined {
  const path = decodeFragment(ref.split("#")[0] ?? "");
  if (isRemote(ref) || path === undefined) return undefined;
  return path === "" ? from : posix.normalize(posix.join(posix.dirname(from), path));
}

/** Every `$ref` string in a parsed value (any object with a string `$ref`, as OpenAPI tools read it). */
export function* refsIn(value: unknown): Generator<string> {
  if (Array.isArray(value)) for (const item of value) yield* refsIn(item);
  else if (isRecord(value)) {
    if (typeof value.$ref === "string") yield value.$ref;
    for (const child of Object.values(value)) yield* refsIn(child);
  }
}

/** Whether a parsed value contains itself (a YAML alias inside its own anchor), which no walk could end. */
function isCyclic(value: unknown, open = new Set<unknown>()): boolean {
  if (value === null || typeof value !== "object") return false;
  if (open.has(value)) return true;
  open.add(value);
  const cyclic = Object.values(value).some((child) => isCyclic(child, open));
  open.delete(value);
  return cyclic;
}

/** A file parsed for the import: undefined (with the reason in `diagnostics`) when it cannot be read as data. */
function load(path: string, text: string, diagnostics: Diagnostic[]): LoadedDocument | undefined {
  const loaded = loadDocument(path, text);
  diagnostics.push(...loaded.diagnostics);
  if (loaded.document === undefined || !isCyclic(loaded.document.value)) return loaded.document;
  diagnostics.push(diagnostic("TG121", { file: path, line: 1, column: 1 }, { file: quote(path), detail: "a YAML alias makes it contain itself" }));
  return undefined;
}

/** The local files a file's `$ref`s name, for the CLI to read next (none when it does not parse). */
export function referencedFiles(path: string, text: string): string[] {
  const files = new Set<string>();
  for (const ref of refsIn(load(path, text, [])?.value)) {
    const file = refFile(path, ref);
    if (file !== undefined && file !== path) files.add(file);
  }
  return [...files].sort();
}

export class OpenApiSource {
  readonly #docs = new Map<string, LoadedDocument>();
  readonly diagnostics: Diagnostic[] = [];

  /** `texts` holds the document and each file its refs reach; a file absent from it is unreadable (`missing` says why). */
  constructor(
    readonly root: string,
    texts: ReadonlyMap<string, string>,
    private readonly missing: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const [path, text] of texts) {
      const doc = load(path, text, this.diagnostics);
      if (doc) this.#docs.set(path, doc);
    }
  }

  value(file: string): unknown {
    return this.#docs.get(file)?.value;
  }

  locate(file: string, pointer: string): SourceRange {
    return this.#docs.get(file)?.locate(pointer) ?? { file, line: 1, column: 1 };
  }

  /** Where `ref`, written at `pointer` in `from`, leads; a broken one is reported (TG122) and undefined. */
  resolve(from: string, pointer: string, ref: string): Target | undefined {
    const broken = (detail: string): undefined => void this.diagnostics.push(diagnostic("TG122", this.locate(from, pointer), { ref: quote(ref), detail }));
    const file = refFile(from, ref);
    if (file === undefined) return broken("a remote or malformed reference; the import reads local files only");
    const doc = this.#docs.get(file);
    if (doc === undefined) return broken(`${quote(file)} ${this.missing.get(file) ?? "cannot be read"}`);
    const target = decodeFragment(ref.includes("#") ? ref.slice(ref.indexOf("#") + 1) : "");
    const found = target === undefined || !(target === "" || target.startsWith("/")) ? undefined : resolvePointer(doc.value, target);
    if (found === undefined) return broken(`no ${quote(target ?? ref)} in ${quote(file)}`);
    return { file, pointer: target!, value: found.value };
  }

  /** Follows `$ref`s (of parameters, responses, bodies) to the object they name, at most 32 hops. */
  follow(from: Target): Target | undefined {
    let at = from;
    for (let hop = 0; hop < 32 && isRecord(at.value) && typeof at.value.$ref === "string"; hop++) {
      const next = this.resolve(at.file, at.pointer, at.value.$ref);
      if (next === undefined) return undefined;
      at = next;
    }
    return at;
  }
}
