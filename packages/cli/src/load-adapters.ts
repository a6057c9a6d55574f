import type { ErrorFormat, ToolIR } from "@toolgate/compiler";
import type { AnyFixtureAdapter } from "@toolgate/runtime";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { listFiles, toPosix } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { planOutput } from "./plan.js";
import { compileProject, type ProjectPaths } from "./project.js";
import { formatUsageError } from "./usage.js";

export type Loaded =
  | {
      readonly ok: true;
      readonly tools: readonly ToolIR[];
      readonly adapters: Readonly<Record<string, AnyFixtureAdapter>>;
      /** The loaded output directory's URL, for a command that needs another generated module (mcp-gate: definitions.js). */
      readonly outUrl: string;
    }
  | { readonly ok: false; readonly exit: number };

/** One TypeScript module of the project, by its path from the project directory. */
interface Source {
  readonly path: string;
  readonly text: string;
}

const isModule = (path: string): boolean => path.endsWith(".ts") && !path.endsWith(".d.ts");

const source = async (root: string, file: string): Promise<Source> => ({ path: toPosix(relative(root, file)), text: await readFile(file, "utf8") });

/** The output directory's modules, the specs directory's (the hooks module and what it imports), and a --hooks module outside it. */
async function projectSources(root: string, paths: ProjectPaths): Promise<Source[]> {
  const files = [paths.out, paths.specs].flatMap(async (dir) => (await listFiles(dir)).filter(isModule).map((path) => resolve(dir, path)));
  const all = (await Promise.all(files)).flat();
  if (paths.hooks !== undefined && !all.includes(resolve(paths.hooks))) all.push(resolve(paths.hooks));
  return Promise.all(all.map((file) => source(root, file)));
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/**
 * Transpiles each module on its own (`transpileModule`, as a bundler or tsx would) into
 * `node_modules/.cache/toolgate/run/<hash>/`, keeping the project's layout so relative imports hold and
 * `@toolgate/runtime` resolves from the project. The hash covers every source, so a run never loads old code.
 */
async function transpileInto(root: string, sources: readonly Source[]): Promise<string> {
  const ts = (await import("typescript")).default;
  const hash = createHash("sha256").update(ts.version);
  for (const source of sources) hash.update(`\0${source.path}\0${source.text}`);
  const dir = join(root, "node_modules", ".cache", "toolgate", "run", hash.digest("hex").slice(0, 16));
  if (await exists(join(dir, "package.json"))) return dir;
  // Written aside and renamed: a concurrent run sees the whole directory or none.
  const partial = `${dir}.${process.pid}.partial`;
  const options = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  for (const source of sources) {
    const js = ts.transpileModule(source.text, { compilerOptions: options, fileName: source.path }).outputText;
    await mkdir(dirname(join(partial, source.path)), { recursive: true });
    await writeFile(join(partial, source.path.replace(/\.ts$/, ".js")), js, "utf8");
  }
  await writeFile(join(partial, "package.json"), '{ "type": "module" }\n', "utf8");
  await rename(partial, dir).catch(async () => rm(partial, { recursive: true, force: true }));
  return dir;
}

function refuse(message: string, errorFormat: ErrorFormat, io: Io): Loaded {
  io.stderr(formatUsageError(`toolgate: ${message}`, errorFormat));
  return { ok: false, exit: EXIT.usage };
}

/**
 * The project's generated adapters, loaded the way a user's build runs them; first the check `gen --check`
 * makes, so stale output is reported (exit 2, "run toolgate gen") and never run.
 */
export async function loadAdapters(paths: ProjectPaths, errorFormat: ErrorFormat, io: Io): Promise<Loaded> {
  const compiled = await compileProject(paths, errorFormat, io, true);
  if (!compiled.ok) return compiled;
  const plan = await planOutput(paths.out, compiled.result.files);
  const drift = plan.write.length + plan.orphaned.length;
  const out = toPosix(paths.out);
  if (drift > 0) return refuse(`${out} is out of date against ${toPosix(paths.specs)} (${drift} files); run \`npx toolgate gen\` first`, errorFormat, io);
  const root = dirname(resolve(paths.specs));
  const outFromRoot = toPosix(relative(root, resolve(paths.out)));
  if (outFromRoot.startsWith("..")) return refuse(`${out} must be inside the project directory ${toPosix(root)}`, errorFormat, io);
  const dir = await transpileInto(root, await projectSources(root, paths));
  let index: { adapters: Record<string, AnyFixtureAdapter> };
  const outUrl = pathToFileURL(join(dir, outFromRoot)).href;
  try {
    index = (await import(`${outUrl}/index.js`)) as typeof index;
  } catch (e) {
    // A missing @toolgate/runtime, or a hooks module that throws while loading: the project's setup, not toolgate's.
    return refuse(`cannot load the generated adapters: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`, errorFormat, io);
  }
  return { ok: true, tools: compiled.result.tools, adapters: index.adapters, outUrl };
}
