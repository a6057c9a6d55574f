import { diagnostic, quote, type Diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { isSchemaObject, transformSchema, type SchemaObject } from "../schema/walk.js";
import { DialectReader } from "./dialect/reader.js";
import type { LoadedDocument } from "./document.js";
import { DynamicRefs } from "./dynamic-refs.js";
import { Identifiers } from "./identifiers.js";
import { builtinMetaSchema } from "./metaschemas.js";
import { parentPointer, resolvePointer, splitPointer } from "./pointer.js";
import { resolveRelative, type SourceSet } from "./sources.js";

/**
 * A tool's payload schemas with every `$ref` rewritten to `#/$defs/<name>` in one shared pool, so
 * input, output and agent view can be emitted side by side without duplicate declarations. Pointers
 * in this "tool space" are `/input/…`, `/output/…` and `/$defs/<name>/…`; `locate` maps them back to
 * the file, line and column where they were written.
 */
export interface BundledTool {
  readonly input: unknown;
  readonly output: unknown;
  readonly defs: Readonly<Record<string, unknown>>;
  /** Every file the schemas were read from, sorted. */
  readonly files: readonly string[];
  locate(pointer: string): SourceRange;
}

interface Scope {
  readonly doc: LoadedDocument;
  /** Where `#` points: the payload root inside a spec, the file root elsewhere. */
  readonly base: string;
}

interface Origin {
  readonly doc: LoadedDocument;
  readonly pointer: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export function bundleTool(spec: LoadedDocument, sources: SourceSet, sink: DiagnosticSink): BundledTool {
  const bundler = new Bundler(spec, sources, sink);
  const input = bundler.payload("input");
  const output = bundler.payload("output");
  return { input, output, ...bundler.result() };
}

/** `bundle` with `fn` applied to each of its schemas (input, output and every definition). */
export function mapBundle(bundle: BundledTool, fn: (schema: unknown, pointer: string) => unknown): BundledTool {
  const defs = Object.fromEntries(Object.entries(bundle.defs).map(([name, def]) => [name, fn(def, `/$defs/${name}`)]));
  return { ...bundle, input: fn(bundle.input, "/input"), output: fn(bundle.output, "/output"), defs, locate: bundle.locate };
}

/** Rewrites refs while copying; every referenced schema is hoisted once, under a stable name. */
class Bundler {
  readonly #defs = new Map<string, unknown>();
  readonly #names = new Map<string, string>();
  readonly #origins = new Map<string, Origin>();
  // A spec's local $defs are rewritten with their payload and again when hoisted: each $ref as
  // written is resolved (and a broken one reported) once, by where it is written.
  readonly #resolved = new Map<string, string>();
  readonly #dialects: DialectReader;
  readonly #identifiers = new Map<string, Identifiers>();
  readonly #dynamicRefs = new DynamicRefs();

  constructor(
    private readonly spec: LoadedDocument,
    private readonly sources: SourceSet,
    private readonly sink: DiagnosticSink,
  ) {
    this.#dialects = new DialectReader(spec, sink);
  }

  payload(key: "input" | "output"): unknown {
    const pointer = `/${key}`;
    this.#origins.set(pointer, { doc: this.#dialects.located(this.spec), pointer });
    const rewritten = this.#read(this.spec, pointer, resolvePointer(this.spec.value, pointer)?.value, pointer);
    // Local $defs were hoisted into the pool when referenced; the copies left here are dead.
    if (!isSchemaObject(rewritten)) return rewritten;
    const { $defs: _defs, definitions: _definitions, ...rest } = rewritten;
    return rest;
  }

  result(): Omit<BundledTool, "input" | "output"> {
    this.#dynamicRefs.check(this.#identifiers.values(), this.sink);
    const origins = this.#origins;
    return {
      defs: Object.fromEntries(this.#defs) as Record<string, SchemaObject>,
      files: [...new Set([...origins.values()].map((o) => o.doc.path))].sort(),
      locate: (pointer) => locateIn(origins, pointer, this.spec),
    };
  }

  /** Upgrades a schema from its own dialect to 2020-12, then rewrites its refs into the pool. */
  #read(doc: LoadedDocument, pointer: string, value: unknown, base: string): unknown {
    return this.#rewrite(this.#dialects.upgrade(doc, pointer, value), { doc, base }, pointer);
  }

  /** Where a pointer into the upgraded schemas of `doc` was written. */
  #written(doc: LoadedDocument, at: string): string {
    return this.#dialects.moves(doc).written(at);
  }

  #locate(doc: LoadedDocument, at: string): SourceRange {
    return doc.locate(this.#written(doc, at));
  }

  #rewrite(value: unknown, scope: Scope, pointer: string): unknown {
    return transformSchema(value, pointer, (node, at) => {
      // Identity and dialect are the compiler's to set; nested ones would re-root refs.
      // Anchors are resolved here too: every ref leaves as `#/$defs/<name>`.
      const { $id: _id, $schema: _schema, $anchor: _anchor, $dynamicAnchor: _dynamic, ...rest } = node;
      if (typeof rest.$dynamicRef === "string" && rest.$ref === undefined) return this.#dynamic(rest, scope, at);
      if (typeof rest.$ref !== "string") return rest;
      return { ...rest, $ref: this.#resolveOnce(rest.$ref, scope, `${at}/$ref`) };
    });
  }

  /** `$dynamicRef` as the `$ref` it starts from (see dynamic-refs.ts). */
  #dynamic(node: SchemaObject, scope: Scope, at: string): SchemaObject {
    const { $dynamicRef: ref, ...rest } = node as SchemaObject & { $dynamicRef: string };
    this.#dynamicRefs.use(ref, this.#locate(scope.doc, `${at}/$dynamicRef`));
    return { ...rest, $ref: this.#resolveOnce(ref, scope, `${at}/$dynamicRef`) };
  }

  #resolveOnce(ref: string, scope: Scope, at: string): string {
    const key = `${scope.doc.path}#${at}`;
    let resolved = this.#resolved.get(key);
    if (resolved === undefined) {
      resolved = this.#resolveRef(ref, scope, at);
      this.#resolved.set(key, resolved);
    }
    return resolved;
  }

  #resolveRef(ref: string, scope: Scope, at: string): string {
    const where = this.#locate(scope.doc, at);
    const fail = (d: Diagnostic): string => (this.sink.report(d), ref);
    const missing = (file: string): string => fail(diagnostic("TG202", where, { pointer: quote(ref.slice(Math.max(ref.indexOf("#"), 0))), file: quote(file) }));
    // The schema's own `$id`s and anchors first: `https://…/root`, `#item`, `other.json#/x` by `$id`.
    const own = this.#ids(scope.doc, scope.base).resolve(ref, this.#written(scope.doc, at));
    if (own !== "unknown") return (own === "missing" ? undefined : this.#target(scope.doc, own)) ?? missing(scope.doc.path);
    const hash = ref.indexOf("#");
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    if (SCHEME.test(ref)) {
      const builtin = builtinMetaSchema(ref);
      return builtin ? this.#inDocument(builtin, fragment, "", missing) : fail(diagnostic("TG203", where, { ref: quote(ref) }));
    }
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const targetPath = filePart === "" ? scope.doc.path : resolveRelative(scope.doc.path, filePart);
    if (targetPath === undefined) return fail(diagnostic("TG204", where, { file: quote(filePart) }));
    const target = this.sources.get(targetPath) ?? this.#remote(ref, scope, at);
    if (!target) return fail(this.#absent(ref, filePart, scope, at, where));
    return this.#inDocument(target, fragment, filePart === "" ? scope.base : "", missing);
  }

  /** The schema at `fragment` (a pointer or an anchor) of `target`, hoisted into the pool. */
  #inDocument(target: LoadedDocument, fragment: string, root: string, missing: (file: string) => string): string {
    const pointer = this.#ids(target, root).fragment(fragment, root);
    return (pointer === "missing" ? undefined : this.#target(target, pointer)) ?? missing(target.path);
  }

  /** The URL a relative ref names when a schema's `$id` makes it remote. */
  #url(ref: string, scope: Scope, at: string): string | undefined {
    const url = this.#ids(scope.doc, scope.base).absolute(ref, this.#written(scope.doc, at));
    return url === undefined || url.startsWith("file:") ? undefined : url;
  }

  /** A bundled meta-schema named by a ref that a schema's `$id` makes remote. */
  #remote(ref: string, scope: Scope, at: string): LoadedDocument | undefined {
    const url = this.#url(ref, scope, at);
    return url === undefined ? undefined : builtinMetaSchema(url);
  }

  /** No such file: a ref that a schema's `$id` makes remote says so, any other names the missing file. */
  #absent(ref: string, filePart: string, scope: Scope, at: string, where: SourceRange): Diagnostic {
    const url = this.#url(ref, scope, at);
    if (url !== undefined) return diagnostic("TG203", where, { ref: quote(url) });
    return diagnostic("TG201", where, { file: quote(filePart) });
  }

  #target(doc: LoadedDocument, pointer: string): string | undefined {
    const found = resolvePointer(doc.value, pointer);
    return found && `#/$defs/${this.#hoist(doc, pointer, found.value)}`;
  }

  /** The `$id`s and anchors of the schema tree rooted at `root` in `doc`, indexed once. */
  #ids(doc: LoadedDocument, root: string): Identifiers {
    const key = `${doc.path}#${root}`;
    let ids = this.#identifiers.get(key);
    if (ids === undefined) {
      const dialect = this.#dialects.dialectAt(doc, root);
      ids = new Identifiers(resolvePointer(doc.value, root)?.value, root, `file:///${doc.path}${root}`, dialect);
      this.#identifiers.set(key, ids);
    }
    return ids;
  }

  #hoist(target: LoadedDocument, pointer: string, value: unknown): string {
    const key = `${target.path}#${pointer}`;
    const known = this.#names.get(key);
    if (known !== undefined) return known;
    const name = this.#allocate(splitPointer(pointer)?.at(-1) ?? target.path.replace(/^.*\/|\.[^.]*$/g, ""));
    this.#names.set(key, name);
    this.#origins.set(`/$defs/${name}`, { doc: this.#dialects.located(target), pointer });
    // Inside a spec, `#` means the payload schema the definition belongs to; elsewhere the file root.
    const base = target === this.spec ? (/^\/(input|output)(?=\/|$)/.exec(pointer)?.[0] ?? "") : "";
    // A boolean schema is hoisted as the object that means the same, which every emitter reads.
    const schema = value === true ? {} : value === false ? { not: {} } : value;
    this.#defs.set(name, this.#read(target, pointer, schema, base));
    return name;
  }

  #allocate(hint: string): string {
    const base = hint.replace(/[^A-Za-z0-9_]/g, "_").replace(/^(?=[0-9])/, "_") || "def";
    let name = base;
    // A pool key named like an Object.prototype member (hasOwnProperty) breaks json-schema-to-typescript.
    for (let i = 2; this.#defs.has(name) || Object.hasOwn(Object.prototype, name); i++) name = `${base}_${i}`;
    // Reserve the name before the body is rewritten, so a self-reference finds it.
    this.#defs.set(name, undefined);
    return name;
  }
}

function locateIn(origins: ReadonlyMap<string, Origin>, pointer: string, fallback: LoadedDocument): SourceRange {
  // The nearest ancestor (or the pointer itself) that is an origin: a walk up, not a scan of every origin.
  let best: string | undefined;
  for (let p = pointer; best === undefined; p = parentPointer(p)) {
    if (origins.has(p)) best = p;
    if (p === "") break;
  }
  const origin = best === undefined ? undefined : origins.get(best);
  // Anything outside the payload schemas (checks, agent_view, …) is written in the spec itself.
  if (!origin || best === undefined) return fallback.locate(pointer);
  return origin.doc.locate(origin.pointer + pointer.slice(best.length));
}
