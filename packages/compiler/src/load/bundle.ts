import { diagnostic, quote, type Diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { isSchemaObject, transformSchema, type SchemaObject } from "../schema/walk.js";
import type { LoadedDocument } from "./document.js";
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

/** Rewrites refs while copying; every referenced schema is hoisted once, under a stable name. */
class Bundler {
  readonly #defs = new Map<string, unknown>();
  readonly #names = new Map<string, string>();
  readonly #origins = new Map<string, Origin>();
  // A spec's local $defs are rewritten with their payload and again when hoisted: each $ref as
  // written is resolved (and a broken one reported) once, by where it is written.
  readonly #resolved = new Map<string, string>();

  constructor(
    private readonly spec: LoadedDocument,
    private readonly sources: SourceSet,
    private readonly sink: DiagnosticSink,
  ) {}

  payload(key: "input" | "output"): unknown {
    const pointer = `/${key}`;
    this.#origins.set(pointer, { doc: this.spec, pointer });
    const rewritten = this.#rewrite(resolvePointer(this.spec.value, pointer)?.value, { doc: this.spec, base: pointer }, pointer);
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

  #rewrite(value: unknown, scope: Scope, pointer: string): unknown {
    return transformSchema(value, pointer, (node, at) => {
      // Identity and dialect are the compiler's to set; nested ones would re-root refs.
      const { $id: _id, $schema: _schema, ...rest } = node;
      if (typeof rest.$ref !== "string") return rest;
      return { ...rest, $ref: this.#resolveOnce(rest.$ref, scope, `${at}/$ref`) };
    });
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
    const fail = (d: Diagnostic): string => (this.sink.report(d), ref);
    if (SCHEME.test(ref)) return fail(diagnostic("TG203", scope.doc.locate(at), { ref: quote(ref) }));
    const hash = ref.indexOf("#");
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const targetPath = filePart === "" ? scope.doc.path : resolveRelative(scope.doc.path, filePart);
    if (targetPath === undefined) return fail(diagnostic("TG204", scope.doc.locate(at), { file: quote(filePart) }));
    const target = this.sources.get(targetPath);
    if (!target) return fail(diagnostic("TG201", scope.doc.locate(at), { file: quote(filePart) }));
    const fragment = safeDecode(hash < 0 ? "" : ref.slice(hash + 1));
    const pointer = fragment === undefined ? undefined : (filePart === "" ? scope.base : "") + fragment;
    const found = pointer === undefined ? undefined : resolvePointer(target.value, pointer);
    if (pointer === undefined || !found) {
      return fail(diagnostic("TG202", scope.doc.locate(at), { pointer: quote(ref.slice(Math.max(hash, 0))), file: quote(target.path) }));
    }
    return `#/$defs/${this.#hoist(target, pointer, found.value)}`;
  }

  #hoist(target: LoadedDocument, pointer: string, value: unknown): string {
    const key = `${target.path}#${pointer}`;
    const known = this.#names.get(key);
    if (known !== undefined) return known;
    const name = this.#allocate(splitPointer(pointer)?.at(-1) ?? target.path.replace(/^.*\/|\.[^.]*$/g, ""));
    this.#names.set(key, name);
    this.#origins.set(`/$defs/${name}`, { doc: target, pointer });
    // Inside a spec, `#` means the payload schema the definition belongs to; elsewhere the file root.
    const base = target === this.spec ? (/^\/(input|output)(?=\/|$)/.exec(pointer)?.[0] ?? "") : "";
    this.#defs.set(name, this.#rewrite(value, { doc: target, base }, pointer));
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

function safeDecode(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}
