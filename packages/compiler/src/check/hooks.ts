import { posix } from "node:path";
import { _, Name, raw, type Code } from "../codegen/code.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { toolNames } from "../codegen/names.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { outputDirOf } from "../ir/output-dir.js";

/** The user's hooks module, as the CLI read it. */
export interface HooksSource {
  /** Project-relative POSIX path, e.g. `specs/hooks.ts`. */
  readonly path: string;
  readonly text: string;
}

interface HookUse {
  readonly tool: ToolIR;
  readonly name: string;
  readonly pointer: string;
  readonly async: boolean;
}

/** A generated file the check reads (the tools' `types.ts`). */
interface SourceFile {
  readonly path: string;
  readonly content: string;
}

const ROOT = "/project";
const CHECK_FILE = "__toolgate_hook_check.ts";
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const relativeSpecifier = (path: string): string => (path.startsWith(".") ? path : `./${path}`);

/** The specifier generated code under `outDir/` uses to import the hooks module. */
export const hooksSpecifier = (outDir: string, hooksPath: string): string =>
  posix.relative(outDir, hooksPath).replace(/\.ts$/, ".js");

// An import specifier names an export, which may be any IdentifierName (`delete` included); the spec
// format's hook pattern guarantees one, so this never throws for a spec that passed its shape check.
function exportName(name: string): Code {
  if (!IDENTIFIER_NAME.test(name)) throw new TypeError(`not an export name: ${JSON.stringify(name)}`);
  return raw(name);
}

// The rest of the generated signature: an async hook also gets the abort signal of its budget.
const SYNC_TAIL = raw(") => boolean");
const ASYNC_TAIL = raw(", signal: AbortSignal) => Promise<boolean>");

/**
 * The check module's statements for one hook: it must be assignable to the generated signature and,
 * for a sync hook, callable as the adapter calls it. The adapter calls a sync hook directly with
 * (output, input), and TypeScript rejects a call with more arguments than the function declares,
 * although it accepts such a function as assignable; an async hook is only passed on as a value.
 */
function useCheck(u: HookUse, i: number, specifier: string): Code {
  const n = toolNames(u.tool.tool);
  const [hook, output, input, check, call] = ["hook", "Output", "Input", "check", "call"].map((p) => new Name(`${p}${i}`));
  const asCalled = u.async ? raw("") : _`export const ${call} = (output: ${output}, input: ${input}): unknown => ${hook}(output, input);
`;
  return _`import { ${exportName(u.name)} as ${hook} } from ${specifier};
import type { ${n.output} as ${output}, ${n.input} as ${input} } from ${`./${outputDirOf(u.tool)}/types.js`};
export const ${check}: (output: ${output}, input: ${input}${u.async ? ASYNC_TAIL : SYNC_TAIL} = ${hook};
${asCalled}`;
}

/** The check module's text, and the offset where each use's statements end (for mapping errors back). */
function checkModule(uses: readonly HookUse[], specifier: string): { text: string; ends: number[] } {
  const blocks = uses.map((u, i) => String(useCheck(u, i, specifier)));
  let end = 0;
  return { text: blocks.join(""), ends: blocks.map((b) => (end += b.length)) };
}

/**
 * Verifies with the TypeScript checker that every hook a spec names is exported by the hooks module
 * with the generated signature `(output: <Tool>Output, input: <Tool>Input) => boolean`, or for an
 * `async: true` check `(output, input, signal: AbortSignal) => Promise<boolean>`, and that a sync
 * hook takes the two arguments the adapter passes: what gen accepts, tsc accepts in the generated project.
 */
export async function checkHooks(tools: readonly ToolIR[], types: readonly SourceFile[], hooks: HooksSource | undefined, outDir: string, sink: DiagnosticSink): Promise<void> {
  const uses: HookUse[] = tools.flatMap((tool) =>
    tool.checks.flatMap((c) => (c.kind === "hook" ? [{ tool, name: c.name, pointer: c.pointer, async: c.budgetMs !== undefined }] : [])),
  );
  if (uses.length === 0) return;
  if (!hooks) {
    for (const u of uses) sink.report(diagnostic("TG313", locate(u.tool, u.pointer), { name: u.name, detail: "no hooks module found (expected specs/hooks.ts or --hooks <file>)" }));
    return;
  }
  const problems = await typeErrors(uses, types, hooks, outDir);
  for (const [i, detail] of problems) {
    const u = uses[i]!;
    sink.report(diagnostic("TG313", locate(u.tool, u.pointer), { name: u.name, detail: `${hooks.path}: ${detail}${kindHint(u, detail)}` }));
  }
}

/** Says how to fix a hook that declares too few parameters, or which way round the check and the hook disagree on async. */
function kindHint(u: HookUse, detail: string): string {
  if (/^Expected \d+ arguments?, but got 2\./.test(detail)) return " (the adapter calls the hook with (output, input): declare both parameters, and start the name of one it does not use with an underscore)";
  if (!detail.includes("Promise")) return "";
  return u.async
    ? " (the check is async: true, so the hook must return Promise<boolean>)"
    : " (the hook returns a Promise: declare async: true on the check, or return a boolean)";
}

/** The first TypeScript error of each use's statements, by the use's index. */
async function typeErrors(uses: readonly HookUse[], types: readonly SourceFile[], hooks: HooksSource, outDir: string): Promise<Map<number, string>> {
  // Loaded only when a spec uses hooks: the TypeScript checker is the slowest part of gen.
  const { Project, ts } = await import("ts-morph");
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, noEmit: true },
  });
  // The types go on the in-memory disk, not into the program: TypeScript reads only those the check
  // module and the hooks module import, not every tool's (parsing them all was most of the check).
  const disk = project.getFileSystem();
  for (const file of types) disk.writeFileSync(`${ROOT}/${outDir}/${file.path}`, file.content);
  project.createSourceFile(`${ROOT}/${hooks.path}`, hooks.text);
  const module = checkModule(uses, relativeSpecifier(hooksSpecifier(outDir, hooks.path)));
  const check = project.createSourceFile(`${ROOT}/${outDir}/${CHECK_FILE}`, module.text);
  const problems = new Map<number, string>();
  for (const d of project.getProgram().compilerObject.getSemanticDiagnostics(check.compilerNode)) {
    const index = module.ends.findIndex((end) => (d.start ?? 0) < end);
    if (index >= 0 && !problems.has(index)) problems.set(index, ts.flattenDiagnosticMessageText(d.messageText, " ").replaceAll(`${ROOT}/`, "").replace(/\s+/g, " "));
  }
  return problems;
}
