import { _, join, Name, raw, type Code, type Literal } from "../../codegen/code.js";
import { patternGuard } from "../../check/patterns.js";
import { resolvePointer } from "../../load/pointer.js";

/** A step of an instance path: a declared name or index (data), or a loop variable (code). */
export type Segment = string | number | Code;

/** Where a subschema sits and which value it checks; `path` leads from the function's data to `data`. */
export interface Site {
  readonly at: string;
  readonly data: Code;
  readonly path: readonly Segment[];
}

/**
 * Thrown when a schema needs a construct the boolean emitter does not compile (the tool then keeps
 * Ajv's standalone code); never reaches the user.
 */
export class LeanUnsupported extends Error {
  constructor(readonly keyword: string, readonly pointer: string) {
    super(`${keyword} at #${pointer}`);
  }
}

/** Runtime exports a generated module may call; each is imported only when used. */
export const RUNTIME_HELPERS = ["deepEqual", "formats", "hasDuplicateItems", "isMultipleOf", "ucs2length"] as const;
export type RuntimeHelper = (typeof RUNTIME_HELPERS)[number];

export type CompileFunction = (schema: unknown, at: string, ctx: ModuleContext) => Code[];

/** Everything one generated module shares: its issue table, pooled constants and functions. */
export class ModuleContext {
  readonly issues: Literal[] = [];
  readonly declarations: Code[] = [];
  /** The boolean functions the first run calls: no collector, every failure returns false. */
  readonly functions: Code[] = [];
  /** Their collecting twins, called only after the first run failed, to say why. */
  readonly collectors: Code[] = [];
  readonly helpers = new Set<RuntimeHelper>();
  readonly #issueIndex = new Map<string, number>();
  readonly #pool = new Map<string, Name>();
  readonly #functionsByPointer = new Map<string, Name>();
  readonly #branches = new Map<string, Name>();
  /** The subschema each boolean function checks, and its collecting twin once compiled. */
  readonly #sources = new Map<Name, { readonly schema: unknown; readonly at: string }>();
  readonly #twins = new Map<Name, Name>();
  #count = 0;
  /**
   * The module's member count (lean/countable.ts), when a root's validator proves members: every
   * for-in of the first run counts, every number outside the safe range spoils the count.
   */
  counter: Name | undefined;
  /** Which pass the code being compiled is for. */
  #collecting = false;

  constructor(
    readonly document: unknown,
    private readonly compileBody: CompileFunction,
    /** How a schema pointer is shown to the operator (relative to the spec rather than the module's document). */
    private readonly shown: (pointer: string) => string = (pointer) => pointer,
    /** Binds a name in the module, another one where the module already binds it (a module shared with an adapter). */
    private readonly bind: (wanted: string) => Name = (wanted) => new Name(wanted),
  ) {}

  name(prefix: string): Name {
    return this.bind(`${prefix}${++this.#count}`);
  }

  helper(name: RuntimeHelper): Name {
    this.helpers.add(name);
    return new Name(name);
  }

  /** The first run's statement counting one member, when the module counts. */
  countMember(): Code[] {
    return this.counter === undefined || this.#collecting ? [] : [_`${this.counter}++;`];
  }

  /** The first run's statement spoiling the count on a number beyond ±(2^53−1), which only the exact parse may accept. */
  countNumber(value: Code): Code[] {
    if (this.counter === undefined || this.#collecting) return [];
    return [_`if (${value} > ${MAX_SAFE} || ${value} < -${MAX_SAFE}) ${this.counter} = NaN;`];
  }

  /** Whether the code being compiled is the collecting pass's (the collector `c` is in scope). */
  get collecting(): boolean {
    return this.#collecting;
  }

  /**
   * The failure branch of a check. The first run leaves the function with false; the collecting
   * run records the issue and its path and goes on, or takes `exit` (a failed type leaves the value
   * it guards).
   */
  fail(site: Site, keyword: string, params?: string | IssueParams, exit?: Code): Code {
    if (!this.#collecting) return FIRST_RUN_FAILS;
    const args = join([_`${this.#issue(site, keyword, params)}`, ...pathArguments(site.path)], ", ");
    return recorded(_`c.add(${args});`, exit);
  }

  /** additionalProperties or unevaluatedProperties refused the member `key`: reported at the object, with its name. */
  failMember(site: Site, keyword: string, key: Code): Code {
    if (!this.#collecting) return FIRST_RUN_FAILS;
    const args = join([_`${this.#issue(site, keyword)}`, key, ...pathArguments(site.path)], ", ");
    return recorded(_`c.member(${args});`);
  }

  /** The failure of a combinator none of whose `branches` passed; the collector asks each branch's twin why. */
  failBranches(site: Site, keyword: string, branches: readonly Name[]): Code {
    if (!this.#collecting) return FIRST_RUN_FAILS;
    const twins = branches.map((b) => this.twinOf(b));
    const args = [_`${this.#issue(site, keyword)}`, _`[${join(twins, ", ")}]`, site.data, ...pathArguments(site.path)];
    return recorded(_`c.branches(${join(args, ", ")});`);
  }

  #issue(site: Site, keyword: string, given?: string | IssueParams): number {
    const schemaPath = `#${this.shown(site.at)}/${keyword}`;
    const params = typeof given === "string" ? { missingProperty: given } : given;
    const key = JSON.stringify([schemaPath, keyword, params]);
    let index = this.#issueIndex.get(key);
    if (index === undefined) {
      index = this.issues.push(params === undefined ? [schemaPath, keyword] : [schemaPath, keyword, params]) - 1;
      this.#issueIndex.set(key, index);
    }
    return index;
  }

  /** A module-level constant, declared once per distinct value. */
  pooled(prefix: string, key: string, init: (name: Name) => Code): Name {
    const poolKey = `${prefix}:${key}`;
    let name = this.#pool.get(poolKey);
    if (name === undefined) {
      name = this.name(prefix);
      this.#pool.set(poolKey, name);
      this.declarations.push(init(name));
    }
    return name;
  }

  /**
   * A pattern as a module-level RegExp; `u` like Ajv's, so `\p{…}` and astral ranges mean the same.
   * A pattern with a length guard (TG270) gets a `test` that never runs it on a longer subject.
   */
  regex(pattern: string): Name {
    const regex = this.pooled("re", pattern, (name) => _`const ${name} = new RegExp(${pattern}, "u");`);
    const guard = patternGuard(pattern);
    if (guard === undefined) return regex;
    return this.pooled("guarded", pattern, (name) => _`const ${name} = { test: (s: string): boolean => !(${this.longerThan(raw("s"), guard.length)}) && ${regex}.test(s) };`);
  }

  /** `s` has more than `n` code points; the UTF-16 length bounds the count (n/2 ≤ points ≤ n), so most strings skip it. */
  longerThan(s: Code, n: number): Code {
    return _`${s}.length > ${n} && ${this.helper("ucs2length")}(${s}) > ${n}`;
  }

  /**
   * The failure of a subject too long for `pattern`'s guard (keyword `pattern` or `patternProperties`),
   * or undefined when the pattern needs none or `bound` (the schema's own maxLength) keeps subjects within it.
   */
  guardFailure(pattern: string, subject: Code, bound: unknown, site: Site, keyword: string): Code | undefined {
    const guard = patternGuard(pattern);
    if (guard === undefined || (typeof bound === "number" && bound <= guard.length)) return undefined;
    return _`if (${this.longerThan(subject, guard.length)}) ${this.fail(site, keyword, { limit: guard.length, reason: TOO_LONG })}`;
  }

  /**
   * The function checking the subschema at `pointer` (a JSON Pointer into the document), compiled
   * once per pass: the boolean one, or in the collecting pass its twin.
   */
  functionFor(pointer: string): Name {
    let name = this.#functionsByPointer.get(pointer);
    if (name === undefined) {
      const target = resolvePointer(this.document, pointer);
      if (target === undefined) throw new LeanUnsupported("$ref", pointer);
      // Registered before compiling, so a recursive reference finds it.
      name = this.#define("v", target.value, pointer, (n) => this.#functionsByPointer.set(pointer, n));
    }
    return this.#collecting ? this.twinOf(name) : name;
  }

  /** A check for a subschema whose verdict is needed as a value (anyOf, not, if, contains), one per position; always the boolean one. */
  branch(schema: unknown, at: string): Name {
    return this.#branches.get(at) ?? this.#define("b", schema, at, (n) => this.#branches.set(at, n));
  }

  /** The collecting twin of the boolean function `name` (`v7` → `v7c`), compiled on first use. */
  twinOf(name: Name): Name {
    let twin = this.#twins.get(name);
    if (twin === undefined) {
      const source = this.#sources.get(name)!;
      twin = this.bind(`${name}c`);
      this.#twins.set(name, twin);
      const body = this.#inPass(true, () => this.compileBody(source.schema, source.at, this));
      this.collectors.push(_`function ${twin}(d: any, c: Collector): void {
  ${join(body)}
}`);
    }
    return twin;
  }

  #define(prefix: string, schema: unknown, at: string, register: (name: Name) => void): Name {
    const name = this.name(prefix);
    register(name);
    this.#sources.set(name, { schema, at });
    const body = this.#inPass(false, () => this.compileBody(schema, at, this));
    this.functions.push(_`function ${name}(d: any): boolean {
  ${join(body)}
  return true;
}`);
    return name;
  }

  #inPass<T>(collecting: boolean, compile: () => T): T {
    const outer = this.#collecting;
    this.#collecting = collecting;
    try {
      return compile();
    } finally {
      this.#collecting = outer;
    }
  }
}

/** The facts of a failure site an operator needs to act (never data): see the runtime's IssueParams. */
export interface IssueParams {
  readonly [param: string]: string | number;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The first run's every failure: nothing to record, the verdict is known. */
const FIRST_RUN_FAILS = _`return false;`;

/** The exit of a function body's own checks in the collecting run (its return value is unused). */
const LEAVE = _`return;`;

/** The issue param of a value refused unmatched by a pattern's length guard. */
const TOO_LONG = "too long to match the pattern safely";

/** The collecting run's failure branch: record, then take `exit` if any. */
const recorded = (record: Code, exit?: Code): Code => (exit === undefined ? record : _`{ ${record} ${exit} }`);

/** The exit of a function body's own checks in the collecting run. */
export const leaveFunction = (): Code => LEAVE;

/** `"a", i3, 2`: the segments as call arguments (names quoted, loop variables as code). */
export const pathArguments = (path: readonly Segment[]): Code[] => path.map((s) => _`${s}`);
