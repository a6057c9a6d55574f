import { posix } from "node:path";
import { _, join, list, Name, raw, type Code } from "./code.js";

/**
 * One generated file, built through its own names and imports (in the spirit of protobuf-es's
 * `GeneratedFile`): an emitter reserves the bindings the file declares with `name`, asks for another
 * module's export with `import`, and the file prints one deduplicated, sorted import block. An
 * import whose name the file already binds gets an alias, so no binding a spec derives (a tool
 * named `path_segment`) can collide with a generated one, and no emitter keeps a list of names.
 */

/** Where an imported binding lives: a package, or a generated file (POSIX path relative to the output directory). */
export type ImportSource = { readonly module: string } | { readonly file: string };

export interface ImportSymbol {
  readonly from: ImportSource;
  /** The exported name, or `*` for the whole module. */
  readonly name: string;
  readonly typeOnly: boolean;
  /** The binding a namespace import asks for (`import * as hooks`). */
  readonly local?: string;
}

const RUNTIME: ImportSource = { module: "@toolgate/runtime" };

export const runtime = (name: string): ImportSymbol => ({ from: RUNTIME, name, typeOnly: false });
export const runtimeType = (name: string): ImportSymbol => ({ from: RUNTIME, name, typeOnly: true });
/** An export of another generated file (`a/select.ts`), imported by a path relative to the importing one. */
export const generated = (file: string, name: string, typeOnly = false): ImportSymbol => ({ from: { file }, name, typeOnly });
export const namespace = (file: string, local: string): ImportSymbol => ({ from: { file }, name: "*", typeOnly: false, local });

/**
 * Who lays the file out. `prettier`: Prettier at the pinned options. `wide`: Prettier at a wide print
 * width, for Ajv's validators: at the usual width it splits every error object over several lines,
 * which made the loaded JS 40 % larger and the cold start slower (bench/). `builder`: the emitter
 * writes one statement or block per line and `builderLayout` indents it, with no Prettier at all.
 */
export type Layout = "prettier" | "wide" | "builder";

interface Imported {
  readonly symbol: ImportSymbol;
  readonly local: Name;
  typeOnly: boolean;
}

export class GeneratedFile {
  readonly #bound = new Set<string>();
  readonly #imports = new Map<string, Imported>();
  readonly #parts: Code[] = [];
  readonly #directives: Code[] = [];

  /** `source`: the spec named in the header (undefined for project-wide files). */
  constructor(readonly path: string, readonly source: string | undefined, readonly layout: Layout = "prettier") {}

  /** Reserves a binding this file declares. Two parts declaring one name is a compiler bug. */
  name(wanted: string | Name): Name {
    const text = wanted.toString();
    if (this.#bound.has(text)) throw new Error(`${this.path} binds ${text} twice`);
    this.#bound.add(text);
    return wanted instanceof Name ? wanted : new Name(text);
  }

  /** Whether the file already binds `name` (declared or imported). */
  binds(name: string): boolean {
    return this.#bound.has(name);
  }

  /** The local binding of `symbol`, imported once however often it is asked for. */
  import(symbol: ImportSymbol): Name {
    const key = `${this.#specifier(symbol.from)}\n${symbol.name}`;
    const known = this.#imports.get(key);
    if (known !== undefined) {
      known.typeOnly &&= symbol.typeOnly;
      return known.local;
    }
    const local = this.fresh(symbol.local ?? symbol.name);
    this.#imports.set(key, { symbol, local, typeOnly: symbol.typeOnly });
    return local;
  }

  /** A binding this file declares, named `wanted` or, when that is taken, `wanted2`, `wanted3`, … */
  fresh(wanted: string): Name {
    let text = wanted;
    for (let i = 2; this.#bound.has(text); i++) text = `${wanted}${i}`;
    return this.name(text);
  }

  /**
   * The local binding of `symbol` under its own name, for code that spells the name itself (Ajv's
   * output, the validator's fixed signatures). A file that already binds the name is a compiler bug.
   */
  importAsIs(symbol: ImportSymbol): Name {
    const local = this.import(symbol);
    if (local.toString() !== (symbol.local ?? symbol.name)) throw new Error(`${this.path} already binds ${symbol.local ?? symbol.name}`);
    return local;
  }

  /** Appends code to the body. */
  write(code: Code): void {
    this.#parts.push(code);
  }

  /** A comment that must open the file, above the imports (`// @ts-nocheck`). */
  directive(code: Code): void {
    this.#directives.push(code);
  }

  /** Directives, the import block, then the body: the content before header and formatting. */
  get content(): string {
    const imports = this.#importLines();
    const body = join(this.#parts, "\n").toString();
    const head = [...this.#directives.map(String), ...(imports.length === 0 ? [] : [`${join(imports)}\n`])];
    return head.length === 0 ? body : `${head.join("\n")}\n${body}`;
  }

  #specifier(from: ImportSource): string {
    if ("module" in from) return from.module;
    // Both paths are relative to the output directory. The stand-in root is as deep as the target
    // climbs, so none of its `..` segments is lost at `/` (a hooks module two levels above the output).
    const climbs = from.file.split("/").filter((segment) => segment === "..").length;
    const root = `/${"up/".repeat(climbs)}out`;
    const path = posix.relative(posix.dirname(`${root}/${this.path}`), `${root}/${from.file}`).replace(/\.ts$/, ".js");
    return path.startsWith(".") ? path : `./${path}`;
  }

  /** Packages first, then relative modules, each by specifier; a module's names sorted, values before types. */
  #importLines(): Code[] {
    const bySpecifier = new Map<string, Imported[]>();
    for (const imported of this.#imports.values()) {
      const specifier = this.#specifier(imported.symbol.from);
      bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), imported]);
    }
    const rank = (s: string): string => `${s.startsWith(".") ? 1 : 0}${s}`;
    const specifiers = [...bySpecifier.keys()].sort((a, b) => compare(rank(a), rank(b)));
    return specifiers.flatMap((specifier) => importStatements(specifier, bySpecifier.get(specifier)!));
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function importStatements(specifier: string, imports: readonly Imported[]): Code[] {
  const namespaces = imports.filter((i) => i.symbol.name === "*").map((i) => _`import * as ${i.local} from ${specifier};`);
  const named = imports.filter((i) => i.symbol.name !== "*");
  if (named.length === 0) return namespaces;
  const allTypes = named.every((i) => i.typeOnly);
  const order = (i: Imported): string => `${!allTypes && i.typeOnly ? 1 : 0}${i.symbol.name}`;
  const specifiers = [...named].sort((a, b) => compare(order(a), order(b))).map((i) => {
    const alias = i.local.toString() === i.symbol.name ? raw("") : _` as ${i.local}`;
    return _`${raw(!allTypes && i.typeOnly ? "type " : "")}${new Name(i.symbol.name)}${alias}`;
  });
  return [...namespaces, _`import ${raw(allTypes ? "type " : "")}${list("{", specifiers)} from ${specifier};`];
}

/** A file that is one text, not code (the JSON manifest). */
export function wholeFile(path: string, source: string | undefined, text: string): GeneratedFile {
  const file = new GeneratedFile(path, source);
  file.write(raw(text));
  return file;
}
