import { posix } from "node:path";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { GeneratedFile } from "../codegen/file.js";
import { toolNames } from "../emit/names.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";

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
}

const ROOT = "/project";

const relativeSpecifier = (path: string): string => (path.startsWith(".") ? path : `./${path}`);
const CHECK_FILE = "__toolgate_hook_check.ts";

/** The specifier generated code under `outDir/<tool>/` uses to import the hooks module. */
export const hooksSpecifier = (outDir: string, hooksPath: string): string =>
  posix.relative(outDir, hooksPath).replace(/\.ts$/, ".js");

/**
 * Verifies with the TypeScript checker that every hook a spec names is exported by the hooks module
 * with the generated signature `(output: <Tool>Output, input: <Tool>Input) => boolean`.
 */
export async function checkHooks(tools: readonly ToolIR[], types: readonly GeneratedFile[], hooks: HooksSource | undefined, outDir: string, sink: DiagnosticSink): Promise<void> {
  const uses: HookUse[] = tools.flatMap((tool) => tool.checks.flatMap((c) => (c.kind === "hook" ? [{ tool, name: c.name, pointer: c.pointer }] : [])));
  if (uses.length === 0) return;
  if (!hooks) {
    for (const u of uses) sink.report(diagnostic("TG313", locate(u.tool, u.pointer), { name: u.name, detail: "no hooks module found (expected specs/hooks.ts or --hooks <file>)" }));
    return;
  }
  // Loaded only when a spec uses hooks: the TypeScript checker is the slowest part of gen.
  const { Project, ts } = await import("ts-morph");
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, noEmit: true },
  });
  for (const file of types) project.createSourceFile(`${ROOT}/${outDir}/${file.path}`, file.content);
  project.createSourceFile(`${ROOT}/${hooks.path}`, hooks.text);
  const lines = uses.map((u, i) => {
    const n = toolNames(u.tool.tool);
    return `import { ${u.name} as hook${i} } from "${relativeSpecifier(hooksSpecifier(outDir, hooks.path))}";\n` +
      `import type { ${n.output} as Output${i}, ${n.input} as Input${i} } from "./${u.tool.tool}/types.js";\n` +
      `export const check${i}: (output: Output${i}, input: Input${i}) => boolean = hook${i};`;
  });
  const check = project.createSourceFile(`${ROOT}/${outDir}/${CHECK_FILE}`, lines.join("\n"));
  const problems = new Map<number, string>();
  for (const d of project.getProgram().compilerObject.getSemanticDiagnostics(check.compilerNode)) {
    const line = check.compilerNode.getLineAndCharacterOfPosition(d.start ?? 0).line;
    const index = Math.floor(line / 3);
    if (!problems.has(index)) problems.set(index, ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\/project\//g, "").replace(/\s+/g, " "));
  }
  for (const [i, detail] of problems) {
    const u = uses[i]!;
    sink.report(diagnostic("TG313", locate(u.tool, u.pointer), { name: u.name, detail: `${hooks.path}: ${detail}` }));
  }
}
