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
export type RuntimeHelper = "deepEqual" | "formats" | "hasDuplicateItems" | "isMultipleOf" | "ucs2length";

export type CompileFunction = (schema: unknown, at: string, ctx: ModuleContext) => Code[];

/** Everything one generated module shares: its issue table, pooled constants and functions. */
export class ModuleContext {
  readonly issues: Literal[] = [];
  readonly declarations: Code[] = [];
  readonly functions: Code[] = [];
  readonly helpers = new Set<RuntimeHelper>();
  readonly #issueIndex = new Map<string, number>();
  readonly #pool = new Map<string, Name>();
  readonly #functionsByPointer = new Map<string, Name>();
  readonly #branches = new Map<string, Name>();
  #count = 0;

  constructor(
    readonly document: unknown,
    private readonly compileBody: CompileFunction,
    /** How a schema pointer is shown to the operator (relative to the spec rather than the module's document). */
    private readonly shown: (pointer: string) => string = (pointer) => pointer,
  ) {}

  name(prefix: string): Name {
    return new Name(`${prefix}${++this.#count}`);
  }

  helper(name: RuntimeHelper): Name {
    this.helpers.add(name);
    return new Name(name);
  }

  /**
   * The failure branch of a check. The first run leaves the function (`c` is undefined); the
   * collecting run records the issue and its path and goes on, or takes `exit` (a failed type
   * leaves the value it guards).
   */
  fail(site: Site, keyword: string, params?: string | IssueParams, exit?: Code): Code {
    const args = join([_`${this.#issue(site, keyword, params)}`, ...pathArguments(site.path)], ", ");
    return collecting((c) => _`${c}.add(${args});`, exit);
  }

  /** additionalProperties or unevaluatedProperties refused the member `key`: reported at the object, with its name. */
  failMember(site: Site, keyword: string, key: Code): Code {
    const args = join([_`${this.#issue(site, keyword)}`, key, ...pathArguments(site.path)], ", ");
    return collecting((c) => _`${c}.member(${args});`);
  }

  /** The failure of a combinator none of whose `branches` passed; the collector asks each branch why. */
  failBranches(site: Site, keyword: string, branches: readonly Name[]): Code {
    const args = [_`${this.#issue(site, keyword)}`, _`[${join(branches, ", ")}]`, site.data, ...pathArguments(site.path)];
    return collecting((c) => _`${c}.branches(${join(args, ", ")});`);
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

  /** The function checking the subschema at `pointer` (a JSON Pointer into the document), compiled once. */
  functionFor(pointer: string): Name {
    const known = this.#functionsByPointer.get(pointer);
    if (known !== undefined) return known;
    const target = resolvePointer(this.document, pointer);
    if (target === undefined) throw new LeanUnsupported("$ref", pointer);
    const name = this.name("v");
    // Registered before compiling, so a recursive reference finds it.
    this.#functionsByPointer.set(pointer, name);
    this.functions.push(functionCode(name, this.compileBody(target.value, pointer, this)));
    return name;
  }

  /** A check for a subschema whose verdict is needed as a value (anyOf, not, if, contains), one per position. */
  branch(schema: unknown, at: string): Name {
    let name = this.#branches.get(at);
    if (name === undefined) {
      name = this.name("b");
      this.#branches.set(at, name);
      this.functions.push(functionCode(name, this.compileBody(schema, at, this)));
    }
    return name;
  }
}

/** The facts of a failure site an operator needs to act (never data): see the runtime's IssueParams. */
export interface IssueParams {
  readonly [param: string]: string | number;
}

const LEAVE = _`return false;`;

/** The issue param of a value refused unmatched by a pattern's length guard. */
const TOO_LONG = "too long to match the pattern safely";

/** `{ if (c === undefined) return false; <record> <exit> }`; a function-level exit needs no test. */
function collecting(record: (collector: Code) => Code, exit?: Code): Code {
  if (exit === LEAVE) return _`{ ${record(raw("c?"))} return false; }`;
  return _`{ if (c === undefined) return false; ${record(raw("c"))}${exit === undefined ? raw("") : _` ${exit}`} }`;
}

/** The exit of a function body's own checks in the collecting run. */
export const leaveFunction = (): Code => LEAVE;

/** `"a", i3, 2`: the segments as call arguments (names quoted, loop variables as code). */
export const pathArguments = (path: readonly Segment[]): Code[] => path.map((s) => _`${s}`);

function functionCode(name: Name, body: readonly Code[]): Code {
  return _`function ${name}(d: any, c?: Collector): boolean {
  ${join(body)}
  return true;
}`;
}
