import { childPointer, decodeFragment, escapeToken, splitPointer } from "../../load/pointer.js";
import { isRecord, type OpenApiSource, type Target } from "./source.js";

const COMPONENT = /^\/components\/schemas\/([^/]+)$/;
const PREFIX = "#/components/schemas/";

/**
 * The shared schemas file: the document's `components.schemas`, under their own names, plus every
 * other schema a `$ref` reaches (another file, a deeper pointer), copied in under a name of its
 * own. Every `$ref` is rewritten to point into this pool, so many tools share one definition.
 */
export class SchemaPool {
  readonly #names = new Map<string, string>();
  readonly #schemas = new Map<string, unknown>();

  constructor(private readonly source: OpenApiSource) {
    const components = this.source.value(source.root);
    const schemas = isRecord(components) && isRecord(components.components) ? components.components.schemas : undefined;
    // The document's own names are taken first, so a copied schema never takes one of them.
    for (const name of Object.keys(isRecord(schemas) ? schemas : {})) this.#names.set(key(source.root, childPointer("/components/schemas", name)), name);
    for (const name of [...this.#names.values()]) this.#define(name, { file: source.root, pointer: childPointer("/components/schemas", name), value: (schemas as Record<string, unknown>)[name] });
  }

  /** The pool's schemas, by name: the document's in its order, then the copies in the order they were found. */
  get schemas(): ReadonlyMap<string, unknown> {
    return this.#schemas;
  }

  /** A schema written at `pointer` in `file`, its `$ref`s pointing into the pool through `prefix` ("" inside the pool). */
  rewrite(value: unknown, file: string, pointer: string, prefix: string): unknown {
    if (Array.isArray(value)) return value.map((item, i) => this.rewrite(item, file, childPointer(pointer, i), prefix));
    if (!isRecord(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(value)) out[k] = k === "$ref" && typeof child === "string" ? this.#refTo(child, file, pointer, prefix) : this.rewrite(child, file, childPointer(pointer, k), prefix);
    return out;
  }

  /** Follows a pool `$ref` (from the spec or from inside the pool) to the schema it names. */
  deref(schema: unknown, hops = 0): unknown {
    const name = isRecord(schema) && hops <= 32 ? poolName(schema.$ref) : undefined;
    return name !== undefined && this.#schemas.has(name) ? this.deref(this.#schemas.get(name), hops + 1) : schema;
  }

  /** Pool names a value refers to, directly or through other pool schemas. */
  reachable(value: unknown, seen = new Set<string>()): Set<string> {
    for (const name of refNames(value)) {
      if (seen.has(name)) continue;
      seen.add(name);
      this.reachable(this.#schemas.get(name), seen);
    }
    return seen;
  }

  #refTo(ref: string, file: string, pointer: string, prefix: string): string {
    const target = this.source.resolve(file, childPointer(pointer, "$ref"), ref);
    if (target === undefined) return ref;
    return `${prefix}${PREFIX}${encodeURIComponent(escapeToken(this.#nameFor(target)))}`;
  }

  #nameFor(target: Target): string {
    const known = this.#names.get(key(target.file, target.pointer));
    if (known !== undefined) return known;
    const name = this.#freeName(target);
    this.#names.set(key(target.file, target.pointer), name);
    this.#define(name, target);
    return name;
  }

  #define(name: string, target: Target): void {
    this.#schemas.set(name, undefined); // reserved before rewriting, so a recursive schema finds its own name
    this.#schemas.set(name, this.rewrite(target.value, target.file, target.pointer, ""));
  }

  #freeName(target: Target): string {
    const own = COMPONENT.exec(target.pointer)?.[1];
    const last = splitPointer(target.pointer)?.at(-1) ?? "";
    const base = (own ?? (last || target.file.split("/").at(-1)!.replace(/\.(ya?ml|json)$/, ""))).replace(/[^A-Za-z0-9_.-]/g, "_") || "schema";
    const taken = new Set(this.#names.values());
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    return name;
  }
}

/** The pool schema a `$ref` names (`…#/components/schemas/<name>`). */
function poolName(ref: unknown): string | undefined {
  const at = typeof ref === "string" ? ref.indexOf(PREFIX) : -1;
  const pointer = at < 0 ? undefined : decodeFragment((ref as string).slice(at + 1));
  return pointer === undefined ? undefined : splitPointer(pointer)?.[2];
}

const key = (file: string, pointer: string): string => `${file}#${pointer}`;

function* refNames(value: unknown): Generator<string> {
  if (Array.isArray(value)) for (const item of value) yield* refNames(item);
  else if (isRecord(value)) {
    const name = poolName(value.$ref);
    if (name !== undefined) yield name;
    for (const child of Object.values(value)) yield* refNames(child);
  }
}
