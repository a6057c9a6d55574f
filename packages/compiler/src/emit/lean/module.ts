import { _, join, Name, type Code } from "../../codegen/code.js";
import { LeanUnsupported, ModuleContext } from "./context.js";
import { compileFunctionBody } from "./node.js";

/**
 * A validator module of boolean functions: one per exported root and per referenced schema, with
 * nested objects and arrays checked inline. A failing check returns false; only then does the
 * validator run again with a Collector (`c`), where each failure records its issue index and path,
 * so the success path carries no error bookkeeping and the module stays small.
 *
 * Returns the reason instead when the schema needs a construct this emitter leaves to Ajv.
 */
export function leanValidatorModule(
  document: unknown,
  exports: Readonly<Record<string, string>>,
  shown?: (pointer: string) => string,
): string | LeanUnsupported {
  const ctx = new ModuleContext(document, compileFunctionBody, shown);
  let roots: [Name, Name][];
  try {
    roots = Object.entries(exports).map(([name, pointer]) => [new Name(name), ctx.functionFor(pointer)]);
  } catch (e) {
    if (e instanceof LeanUnsupported) return e;
    throw e;
  }
  const imports = ["toValidator", ...[...ctx.helpers].sort()].map((n) => new Name(n));
  const exported = roots.map(([name, check]) => _`export const ${name}: Validator = toValidator(${check}, issues);`);
  const module: Code = _`import { ${join(imports, ", ")} } from "@toolgate/runtime";
import type { Collector, Validator, ValidatorIssueRow } from "@toolgate/runtime";

/** Schema path, keyword and schema params (a \`required\`'s property, a bound, a type) of each failure site. */
const issues: readonly ValidatorIssueRow[] = ${ctx.issues};
${join(ctx.declarations)}

${join(exported)}

${join(ctx.functions, "\n\n")}
`;
  return module.toString();
}
