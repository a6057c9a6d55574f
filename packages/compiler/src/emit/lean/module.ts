import { _, join, Name, type Code } from "../../codegen/code.js";
import { LeanUnsupported, ModuleContext } from "./context.js";
import { compileFunctionBody } from "./node.js";

/**
 * A validator module of boolean functions: one per exported root and per referenced schema, with
 * nested objects and arrays checked inline. A failing check records only an issue index and its
 * path (FailureTrail), so the success path carries no error bookkeeping and the module stays small.
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
  const imports = ["FailureTrail", "toValidator", ...[...ctx.helpers].sort()].map((n) => new Name(n));
  const exported = roots.map(([name, check]) => _`export const ${name}: Validator = toValidator(${check}, trail, issues);`);
  const module: Code = _`import { ${join(imports, ", ")} } from "@toolgate/runtime";
import type { Validator, ValidatorIssueRow } from "@toolgate/runtime";

const trail = new FailureTrail();
/** Schema path and keyword of each failure site (and the property a \`required\` names). */
const issues: readonly ValidatorIssueRow[] = ${ctx.issues};
${join(ctx.declarations)}

${join(exported)}

${join(ctx.functions, "\n\n")}
`;
  return module.toString();
}
