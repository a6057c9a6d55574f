import { diagnostic, quote, type Diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { isSchemaObject, transformSchema, type SchemaObject } from "../schema/walk.js";
import { builtInDocument } from "./built-in.js";
import { DialectReader } from "./dialect/reader.js";
import type { LoadedDocument } from "./document.js";
import { dynamicName, dynamicTarget, entering, initialRef, nestedScope, NO_SCOPE, scopeKey, type DynamicScope, type Target } from "./dynamic-scope.js";
import { Identifiers } from "./identifiers.js";
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
  /** Where this copy of a schema starts (as written), and the dynamic scope on entering it. */
  readonly root: string;
  readonly dynamic: DynamicScope;
}

interface Origin {
  readonly doc: LoadedDocument;
  readonly pointer: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

// A schema reached under many dynamic scopes is copied once per scope; past this many copies the
// specialisation is not worth its code (or would not end), and the $dynamicRef is TG233.
const MAX_SCOPED_COPIES = 200;

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
  readonly #resolved = new Map<string, Target | undefined>();
  readonly #dialects: DialectReader;
  readonly #identifiers = new Map<string, Identifiers>();
  /** Each schema hoisted so far (doc#pointer), and how many extra copies dynamic scopes took. */
  readonly #hoisted = new Set<string>();
  #scopedCopies = 0;

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
    const scope = this.#entered({ doc: this.spec, pointer }, NO_SCOPE);
    const rewritten = this.#read(scope, pointer, resolvePointer(this.spec.value, pointer)?.value);
    // Local $defs were hoisted into the pool when referenced; the copies left here are dead.
    if (!isSchemaObject(rewritten)) return rewritten;
    const { $defs: _defs, definitions: _definitions, ...rest } = rewritten;
    return rest;
  }

  result(): Omit<BundledTool, "input" | "output"> {
    const origins = this.#origins;
    return {
      defs: Object.fromEntries(this.#defs) as Record<string, SchemaObject>,
      files: [...new Set([...origins.values()].map((o) => o.doc.path))].sort(),
      locate: (pointer) => locateIn(origins, pointer, this.spec),
    };
  }

  /** Upgrades a schema from its own dialect to 2020-12, then rewrites its refs into the pool. */
  #read(scope: Scope, pointer: string, value: unknown): unknown {
    return this.#rewrite(this.#dialects.upgrade(scope.doc, pointer, value), scope, pointer);
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
      const target = this.#resolveOnce(rest.$ref, scope, `${at}/$ref`);
      return target ? { ...rest, $ref: this.#refTo(target, this.#scopeAt(scope, at), rest.$ref, `${at}/$ref`, scope) } : rest;
    });
  }

  /** `$dynamicRef` as the `$ref` its dynamic scope on this path resolves it to (see dynamic-scope.ts). */
  #dynamic(node: SchemaObject, scope: Scope, at: string): SchemaObject {
    const { $dynamicRef: ref, ...rest } = node as SchemaObject & { $dynamicRef: string };
    const initial = this.#resolveOnce(initialRef(ref), scope, `${at}/$dynamicRef`);
    if (!initial) return { ...rest, $ref: ref };
    const dynamic = this.#scopeAt(scope, at);
    const { target, duplicates } = dynamicTarget(ref, initial, dynamic, (t) => this.#idsOf(t));
    if (duplicates !== undefined) {
      const reason = `${duplicates} schemas of one schema resource declare $dynamicAnchor ${quote(dynamicName(ref) ?? "")}`;
      this.sink.report(diagnostic("TG233", this.#locate(scope.doc, `${at}/$dynamicRef`), { keyword: "$dynamicRef", ref: quote(ref), reason }));
    }
    return { ...rest, $ref: this.#refTo(target, dynamic, ref, `${at}/$dynamicRef`, scope) };
  }

  /** The dynamic scope at `at`: the scope on entering this copy, plus the resources nested down to `at`. */
  #scopeAt(scope: Scope, at: string): DynamicScope {
    if (!this.#specializing()) return NO_SCOPE;
    return nestedScope(scope.dynamic, scope.doc, this.#ids(scope.doc, scope.base), scope.root, this.#written(scope.doc, at));
  }

  /** Entering `target` from `outer`: its resource joins the dynamic scope (none once copies are over budget). */
  #entered(target: Target, outer: DynamicScope): Scope {
    const base = this.#baseOf(target);
    const dynamic = this.#specializing() ? entering(outer, target, this.#ids(target.doc, base)) : NO_SCOPE;
    return { doc: target.doc, base, root: target.pointer, dynamic };
  }

  /** Inside a spec, `#` means the payload schema the pointer belongs to; elsewhere the file root. */
  #baseOf(target: Target): string {
    return target.doc === this.spec ? (/^\/(input|output)(?=\/|$)/.exec(target.pointer)?.[0] ?? "") : "";
  }

  #specializing(): boolean {
    return this.#scopedCopies <= MAX_SCOPED_COPIES;
  }

  #idsOf(target: Target): Identifiers {
    return this.#ids(target.doc, this.#baseOf(target));
  }

  #resolveOnce(ref: string, scope: Scope, at: string): Target | undefined {
    const key = `${scope.doc.path}#${at}`;
    if (!this.#resolved.has(key)) this.#resolved.set(key, this.#resolveRef(ref, scope, at));
    return this.#resolved.get(key);
  }

  #resolveRef(ref: string, scope: Scope, at: string): Target | undefined {
    const where = this.#locate(scope.doc, at);
    const fail = (d: Diagnostic): undefined => void this.sink.report(d);
    const missing = (file: string): undefined => fail(diagnostic("TG202", where, { pointer: quote(ref.slice(Math.max(ref.indexOf("#"), 0))), file: quote(file) }));
    // The schema's own `$id`s and anchors first: `https://…/root`, `#item`, `other.json#/x` by `$id`.
    const own = this.#ids(scope.doc, scope.base).resolve(ref, this.#written(scope.doc, at));
    if (own !== "unknown") return this.#existing(scope.doc, own) ?? missing(scope.doc.path);
    const url = this.#ids(scope.doc, scope.base).absolute(ref, this.#written(scope.doc, at));
    const shipped = url === undefined ? undefined : builtInDocument(url);
    if (shipped) return this.#existing(shipped, this.#ids(shipped, "").fragment(url!.replace(/^[^#]*#?/, ""), "")) ?? missing(shipped.path);
    if (SCHEME.test(ref)) return fail(diagnostic("TG203", where, { ref: quote(ref) }));
    const hash = ref.indexOf("#");
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const targetPath = filePart === "" ? scope.doc.path : resolveRelative(scope.doc.path, filePart);
    if (targetPath === undefined) return fail(diagnostic("TG204", where, { file: quote(filePart) }));
    const target = this.sources.get(targetPath);
    if (!target) return fail(this.#absent(ref, filePart, scope, at, where));
    const root = filePart === "" ? scope.base : "";
    const pointer = this.#ids(target, root).fragment(hash < 0 ? "" : ref.slice(hash + 1), root);
    return this.#existing(target, pointer) ?? missing(target.path);
  }

  /** No such file: a ref that a schema's `$id` makes remote says so, any other names the missing file. */
  #absent(ref: string, filePart: string, scope: Scope, at: string, where: SourceRange): Diagnostic {
    const url = this.#ids(scope.doc, scope.base).absolute(ref, this.#written(scope.doc, at));
    if (url !== undefined && !url.startsWith("file:")) return diagnostic("TG203", where, { ref: quote(url) });
    return diagnostic("TG201", where, { file: quote(filePart) });
  }

  #existing(doc: LoadedDocument, pointer: string): Target | undefined {
    return pointer !== "missing" && resolvePointer(doc.value, pointer) ? { doc, pointer } : undefined;
  }

  /** The pool ref for `target` reached under `outer`; `ref` written at `at` of `scope` is what leads there. */
  #refTo(target: Target, outer: DynamicScope, ref: string, at: string, scope: Scope): string {
    const entered = this.#entered(target, outer);
    const key = `${target.doc.path}#${target.pointer}\n${scopeKey(entered.dynamic)}`;
    const known = this.#names.get(key);
    if (known !== undefined) return `#/$defs/${known}`;
    if (this.#hoisted.has(`${target.doc.path}#${target.pointer}`) && ++this.#scopedCopies === MAX_SCOPED_COPIES + 1) {
      const reason = `bundling a copy per dynamic scope needs more than ${MAX_SCOPED_COPIES} copies`;
      const keyword = at.slice(at.lastIndexOf("/") + 1);
      this.sink.report(diagnostic("TG233", this.#locate(scope.doc, at), { keyword, ref: quote(ref), reason }));
    }
    return `#/$defs/${this.#hoist(target, entered, key)}`;
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

  #hoist({ doc, pointer }: Target, scope: Scope, key: string): string {
    const name = this.#allocate(splitPointer(pointer)?.at(-1) ?? doc.path.replace(/^.*\/|\.[^.]*$/g, ""));
    this.#names.set(key, name);
    this.#hoisted.add(`${doc.path}#${pointer}`);
    this.#origins.set(`/$defs/${name}`, { doc: this.#dialects.located(doc), pointer });
    const value = resolvePointer(doc.value, pointer)?.value;
    // A boolean schema is hoisted as the object that means the same, which every emitter reads.
    const schema = value === true ? {} : value === false ? { not: {} } : value;
    this.#defs.set(name, this.#read(scope, pointer, schema));
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
