import { outputDirOf } from "../../ir/output-dir.js";
import { _, join, member, Name, raw, type Code } from "../../codegen/code.js";
import { childPointer, escapeToken } from "../../load/pointer.js";
import type { ToolIR } from "../../ir/types.js";
import { GeneratedFile, runtime } from "../../codegen/file.js";
import { emitted, type Emitter } from "../emitter.js";
import { ROOT_KEYS } from "../../codegen/names.js";
import { validatorDocument } from "../validators.js";
import { hasMembers, shapeOf, type Shape } from "./shape.js";

/**
 * `undeclared.ts` for an `unknown_members: ignore` tool: a walk of the declared shape over a
 * response that passed validation, listing the members the spec does not declare. Its schemas
 * stay open, so the validator cannot see that drift; the operator event can (issue 10).
 */
class WalkModule {
  readonly functions: Code[] = [];
  readonly declarations: Code[] = [];
  readonly #byKey = new Map<string, Name>();
  readonly #regexes = new Map<string, Name>();
  #count = 0;

  constructor(readonly document: unknown, readonly members: Name) {}

  /** The walker of the location the schemas at `pointers` apply to, or undefined when nothing below it can be undeclared. */
  walkerFor(pointers: readonly string[]): Name | undefined {
    const key = pointers.join("\n");
    const known = this.#byKey.get(key);
    if (known !== undefined) return known;
    const shape = shapeOf(this.document, pointers);
    if (!hasMembers(shape)) return undefined;
    const name = new Name(`w${++this.#count}`);
    // Registered before compiling, so a recursive shape finds it.
    this.#byKey.set(key, name);
    this.functions.push(this.#walker(name, shape));
    return name;
  }

  regex(pattern: string): Name {
    let name = this.#regexes.get(pattern);
    if (name === undefined) {
      name = new Name(`re${++this.#count}`);
      this.#regexes.set(pattern, name);
      this.declarations.push(_`const ${name} = new RegExp(${pattern}, "u");`);
    }
    return name;
  }

  #walker(name: Name, shape: Shape): Code {
    return _`function ${name}(d: any, at: string, out: ${this.members}): void {
  if (typeof d !== "object" || d === null || out.full) return;
  if (Array.isArray(d)) {
    ${join(this.#items(shape))}
    return;
  }
  ${join(shape.objects ? this.#members(shape) : [])}
}`;
  }

  /** Each item through the walker of its prefixItems position, or of items after them. */
  #items(shape: Shape): Code[] {
    const out: Code[] = [];
    const prefix = shape.prefix.map((pointers) => this.walkerFor(pointers));
    prefix.forEach((walk, i) => {
      if (walk !== undefined) out.push(_`if (d.length > ${i}) ${walk}(d[${i}], at + ${`/${i}`}, out);`);
    });
    const items = this.walkerFor(shape.items);
    if (items !== undefined) out.push(_`for (let i = ${prefix.length}; i < d.length; i++) ${items}(d[i], at + "/" + i, out);`);
    return out;
  }

  /** Keys no schema declares are recorded; declared ones are walked through their subschemas. */
  #members(shape: Shape): Code[] {
    const names = [...shape.names.keys()];
    const body: Code[] = [];
    if (names.length > 0) body.push(_`if (${join(names.map((n) => _`k === ${n}`), " || ")}) continue;`);
    for (const [pattern, pointers] of shape.patterns) {
      const walk = this.walkerFor(pointers);
      body.push(_`if (${this.regex(pattern)}.test(k)) {${walk === undefined ? raw("") : _` ${walk}(d[k], out.at(at, k), out);`} continue; }`);
    }
    if (shape.rest.length > 0) {
      const walk = this.walkerFor(shape.rest);
      body.push(walk === undefined ? _`continue;` : _`${walk}(d[k], out.at(at, k), out);
continue;`);
    } else body.push(_`out.add(at, k);`);
    const declared = names.flatMap((n) => {
      const walk = this.walkerFor(shape.names.get(n)!);
      return walk === undefined ? [] : [_`if (${member(raw("d"), n)} !== undefined) ${walk}(${member(raw("d"), n)}, at + ${`/${escapeToken(n)}`}, out);`];
    });
    return [_`for (const k in d) {
  ${join(body)}
}`, ...declared];
  }
}

export function emitUndeclared(tool: ToolIR): GeneratedFile | undefined {
  if (tool.unknownMembers !== "ignore") return undefined;
  const file = new GeneratedFile(`${outputDirOf(tool)}/undeclared.ts`, tool.specPath);
  const undeclaredMembers = file.name("undeclaredMembers");
  const module = new WalkModule(validatorDocument(tool), file.import(runtime("UndeclaredMembers")));
  const root = childPointer("/$defs", tool.upstream.envelope ? ROOT_KEYS.envelope : ROOT_KEYS.output);
  const walk = module.walkerFor([root]);
  const call = walk === undefined ? raw("") : _`${walk}(response, "", out);`;
  file.write(_`${join(module.declarations)}

/** JSON Pointers of the response's members the spec does not declare (at most 16), for the operator event. */
export function ${undeclaredMembers}(response: unknown): readonly string[] {
  const out = new ${module.members}();
  ${call}
  return out.pointers;
}

${join(module.functions, "\n\n")}
`);
  return file;
}

export const undeclaredEmitter: Emitter = {
  name: "undeclared",
  scope: "tool",
  emit({ tool }) {
    const file = emitUndeclared(tool);
    return emitted(file ? [file] : []);
  },
};
