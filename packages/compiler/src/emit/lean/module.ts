import { _, join, Name, type Code } from "../../codegen/code.js";
import { countableDepth } from "./countable.js";
import { GeneratedFile, runtime, runtimeType } from "../../codegen/file.js";
import { LeanUnsupported, ModuleContext, RUNTIME_HELPERS } from "./context.js";
import { compileFunctionBody } from "./node.js";
import { literal } from "../../codegen/literal.js";

/**
 * A validator module of boolean functions: one per exported root and per referenced schema, with
 * nested objects and arrays checked inline. A failing check returns false; only then does the
 * validator run each root's collecting twin (`v7c` of `v7`) with a Collector (`c`), where each
 * failure records its issue index and path. So the success path carries no error bookkeeping, and
 * the issue table is built only on the first failure.
 *
 * Returns the reason instead when the schema needs a construct this emitter leaves to Ajv.
 */
export function writeLeanModule(
  file: GeneratedFile,
  document: unknown,
  exports: Readonly<Record<string, string>>,
  shown?: (pointer: string) => string,
  counted: ReadonlySet<string> = new Set(),
): LeanUnsupported | undefined {
  const ctx = new ModuleContext(document, compileFunctionBody, shown, (wanted) => file.fresh(wanted));
  const depths = new Map([...counted].flatMap((name) => {
    const depth = exports[name] === undefined ? undefined : countableDepth(document, exports[name]);
    return depth === undefined ? [] : [[name, depth] as const];
  }));
  // Bound only when a root counts, so other modules keep their names.
  const members = depths.size > 0 ? file.fresh("members") : new Name("members");
  if (depths.size > 0) ctx.declarations.push(_`let ${members} = 0;`);
  let roots: [Name, Name, Name][];
  try {
    const checks = compileRoots(ctx, exports, depths, members);
    roots = Object.keys(exports).map((name) => [new Name(name), checks.get(name)!, ctx.twinOf(checks.get(name)!)]);
  } catch (e) {
    if (e instanceof LeanUnsupported) return e;
    throw e;
  }
  // The module's code spells these names itself (`c: Collector`, each helper's call).
  const toValidator = file.importAsIs(runtime("toValidator"));
  for (const helper of [...ctx.helpers].sort()) file.importAsIs(runtime(helper));
  const [validator, issueRow] = ["Validator", "ValidatorIssueRow"].map((n) => file.importAsIs(runtimeType(n)));
  file.importAsIs(runtimeType("Collector"));
  const issues = file.fresh("issues");
  const proofs: Code[] = [];
  const exported = roots.map(([name, check, twin]) => {
    const depth = depths.get(String(name));
    if (depth === undefined) return _`export const ${file.name(name)}: ${validator} = ${toValidator}(${check}, ${twin}, ${issues});`;
    const count = ctx.name("count");
    proofs.push(_`/** The members of the data ${check} accepts (NaN when it holds an unsafe number), or -1. */
function ${count}(d: unknown): number {
  ${members} = 0;
  return ${check}(d) ? ${members} : -1;
}`);
    return _`export const ${file.name(name)}: ${validator} = ${toValidator}(${check}, ${twin}, ${issues}, { count: ${count}, depth: ${depth} });`;
  });
  file.write(_`${join(ctx.declarations)}

${join(exported)}

${join([...proofs, ...ctx.functions], "\n\n")}

// The collecting pass: run only after a check failed, to say why.

${join(ctx.collectors, "\n\n")}

/** Schema path, keyword and schema params (a \`required\`'s property, a bound, a type) of each failure site. */
function ${issues}(): readonly ${issueRow}[] {
  return [
${join(ctx.issues.map((row) => _`${literal(row)},`))}
  ];
}
`);
  return undefined;
}

/** The names a lean module's code spells itself (its runtime imports), which a module that binds any of them cannot host. */
const SPELLED = ["Collector", "Validator", "ValidatorIssueRow", "toValidator", ...RUNTIME_HELPERS];

/** Whether `file` can take a lean module exporting `exports` beside what it already binds. */
export const canHostLean = (file: GeneratedFile, exports: Readonly<Record<string, string>>): boolean =>
  [...SPELLED, ...Object.keys(exports)].every((name) => !file.binds(name));

/**
 * Each root's boolean function. Counted roots compile first, with the counter on, so every
 * function they reach counts even when another root shares it; the other roots' own functions do
 * not count (a shared one counting for them is harmless: each proof resets the counter).
 */
function compileRoots(
  ctx: ModuleContext,
  exports: Readonly<Record<string, string>>,
  depths: ReadonlyMap<string, number>,
  members: Name,
): Map<string, Name> {
  const checks = new Map<string, Name>();
  // A stable sort: counted roots first, each group in the exports' order.
  for (const name of Object.keys(exports).sort((a, b) => Number(depths.has(b)) - Number(depths.has(a)))) {
    ctx.counter = depths.has(name) ? members : undefined;
    checks.set(name, ctx.functionFor(exports[name]!));
  }
  ctx.counter = undefined;
  return checks;
}

/** The module as text (for tests and harnesses that load one schema's validator). */
export function leanValidatorModule(
  document: unknown,
  exports: Readonly<Record<string, string>>,
  shown?: (pointer: string) => string,
  counted?: ReadonlySet<string>,
): string | LeanUnsupported {
  const file = new GeneratedFile("validate.ts", undefined);
  return writeLeanModule(file, document, exports, shown, counted) ?? file.content;
}
