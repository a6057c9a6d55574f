import { diagnostic, quote, type Diagnostic, type SourceRange } from "@toolgate/compiler/fast";
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { readFailure, readReferenced, readSpecTree, type SpecTree } from "./files.js";
import { fromRoot } from "./paths.js";

/** What `compile` needs from disk. */
export interface Inputs {
  readonly tree: SpecTree;
  readonly hooks: { readonly path: string; readonly text: string } | undefined;
  /** Files the specs `$ref` outside the specs directory, as paths on disk (for --watch). */
  readonly referenced: readonly string[];
}

export { fromRoot };

// A problem with a whole file or directory is reported at its start.
const at = (file: string): SourceRange => ({ file, line: 1, column: 1 });

const cannotRead = (path: string, reason: string): Diagnostic => diagnostic("TG002", at(path), { path: quote(path), reason });

async function notADirectory(dir: string): Promise<string | undefined> {
  try {
    return (await stat(dir)).isDirectory() ? undefined : "it is not a directory";
  } catch (e) {
    return readFailure(e);
  }
}

const isAbsent = (e: unknown): boolean => ["ENOENT", "EISDIR"].includes((e as NodeJS.ErrnoException).code ?? "");

async function readHooks(specs: string, explicit: string | undefined): Promise<{ hooks?: Inputs["hooks"]; problem?: Diagnostic }> {
  const file = explicit ?? join(specs, "hooks.ts");
  const path = fromRoot(specs, file);
  try {
    return { hooks: { path, text: await readFile(file, "utf8") } };
  } catch (e) {
    // <specs>/hooks.ts is optional; a module named with --hooks must be there.
    if (explicit === undefined && isAbsent(e)) return {};
    return { problem: cannotRead(path, readFailure(e)) };
  }
}

/** Reads the specs directory and the hooks module; TG001/TG002 when there is nothing to compile or a file cannot be read. */
export async function readInputs(specs: string, explicitHooks: string | undefined): Promise<{ inputs?: Inputs; problems: Diagnostic[] }> {
  const label = basename(resolve(specs));
  const dirProblem = await notADirectory(specs);
  if (dirProblem !== undefined) return { problems: [cannotRead(label, dirProblem)] };
  const tree = await readSpecTree(specs, label);
  const root = dirname(resolve(specs));
  const referenced = (await readReferenced(tree, root)).map((path) => join(root, path));
  const problems = tree.unreadable.map((file) => cannotRead(file.path, file.reason));
  if (tree.specs.length === 0 && problems.length === 0) problems.push(diagnostic("TG001", at(label), { dir: quote(label) }));
  const { hooks, problem } = await readHooks(specs, explicitHooks);
  if (problem !== undefined) problems.push(problem);
  return problems.length > 0 ? { problems } : { inputs: { tree, hooks, referenced }, problems };
}
