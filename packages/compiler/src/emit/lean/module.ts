import { _, join, Name } from "../../codegen/code.js";
import { GeneratedFile, runtime, runtimeType } from "../../codegen/file.js";
import { LeanUnsupported, ModuleContext } from "./context.js";
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
): LeanUnsupported | undefined {
  const ctx = new ModuleContext(document, compileFunctionBody, shown);
  let roots: [Name, Name, Name][];
  try {
    roots = Object.entries(exports).map(([name, pointer]) => {
      const check = ctx.functionFor(pointer);
      return [new Name(name), check, ctx.twinOf(check)];
    });
  } catch (e) {
    if (e instanceof LeanUnsupported) return e;
    throw e;
  }
  // The module's code spells these names itself (`c: Collector`, each helper's call).
  const toValidator = file.importAsIs(runtime("toValidator"));
  for (const helper of [...ctx.helpers].sort()) file.importAsIs(runtime(helper));
  const [validator, issueRow] = ["Validator", "ValidatorIssueRow"].map((n) => file.importAsIs(runtimeType(n)));
  file.importAsIs(runtimeType("Collector"));
  const issues = file.name("issues");
  const exported = roots.map(([name, check, twin]) => _`export const ${file.name(name)}: ${validator} = ${toValidator}(${check}, ${twin}, ${issues});`);
  file.write(_`${join(ctx.declarations)}

${join(exported)}

${join(ctx.functions, "\n\n")}

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

/** The module as text (for tests and harnesses that load one schema's validator). */
export function leanValidatorModule(document: unknown, exports: Readonly<Record<string, string>>, shown?: (pointer: string) => string): string | LeanUnsupported {
  const file = new GeneratedFile("validate.ts", undefined);
  return writeLeanModule(file, document, exports, shown) ?? file.content;
}
