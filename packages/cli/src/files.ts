import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { referencedFiles } from "@toolgate/compiler/fast";
import { dirname, join, posix, relative, sep } from "node:path";

const SPEC_EXTENSIONS = [".yaml", ".yml", ".json"];

export const toPosix = (path: string): string => path.split(sep).join("/");

const isSpecFile = (name: string): boolean => SPEC_EXTENSIONS.some((ext) => name.endsWith(ext));

/** `<tool>.fixtures/` directories hold recorded responses for `toolgate test`, never specs or schemas. */
const isInFixtures = (path: string): boolean => /(^|\/)[^/]+\.fixtures\//.test(path);

/** `schemas/` directories, at any depth, hold the schemas specs `$ref`. */
const isInSchemas = (path: string): boolean => /(^|\/)schemas\//.test(path);

/** Every file below `dir`, as paths relative to `dir`, sorted; none when the directory is absent. */
export async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => toPosix(relative(dir, join(entry.parentPath, entry.name))))
    .sort();
}

export interface SpecTree {
  /** Keyed by `<specs dir name>/<relative path>`, so paths in output do not depend on the checkout location. */
  readonly files: Map<string, string>;
  /** Spec files: the YAML/JSON files of the specs directory and its sub-folders, except schemas/ and fixtures. */
  readonly specs: string[];
  /** Files listed but not readable (keyed like `files`), with the reason. */
  readonly unreadable: { readonly path: string; readonly reason: string }[];
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "it does not exist",
  ENOTDIR: "a parent is not a directory",
  EISDIR: "it is a directory",
  EACCES: "permission denied",
};

/** Why a read failed, in words; an unlisted errno code is shown as it is. */
export function readFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code === undefined ? undefined : REASONS[code]) ?? code ?? String(e);
}

/**
 * What a path below the specs directory holds: a shared schema (a file below a `schemas/` directory),
 * a spec (any other YAML or JSON file, in the specs directory or a sub-folder of it), or neither (not
 * YAML or JSON, or inside a fixtures directory). The one rule gen, check, test and diff (on disk and at a git ref) share.
 */
export function roleInSpecs(path: string): "spec" | "schema" | undefined {
  if (!isSpecFile(path) || isInFixtures(path)) return undefined;
  return isInSchemas(path) ? "schema" : "spec";
}

/** Reads the specs directory and its sub-folders: specs and shared schemas by roleInSpecs (fixture directories are skipped). */
export async function readSpecTree(specsDir: string, label: string): Promise<SpecTree> {
  const tree: SpecTree = { files: new Map(), specs: [], unreadable: [] };
  for (const path of await listFiles(specsDir)) {
    const role = roleInSpecs(path);
    if (role === undefined) continue;
    const key = `${label}/${path}`;
    try {
      tree.files.set(key, await readFile(join(specsDir, path), "utf8"));
    } catch (e) {
      tree.unreadable.push({ path: key, reason: readFailure(e) });
      continue;
    }
    if (role === "spec") tree.specs.push(key);
  }
  return tree;
}

/**
 * Only a `$ref` with `../` can leave the specs directory: the other files need no parse here. Comment
 * lines are left out of the test, as every spec's yaml-language-server modeline (`$schema=../…`)
 * would otherwise cost a full YAML parse of each spec on every run, gen's no-op path included.
 */
const mayLeaveSpecs = (text: string): boolean => text.includes("../") && text.replace(/^[ \t]*#.*$/gm, "").includes("../");

/**
 * Adds to `tree` every file its `$ref`s reach outside the specs directory, transitively, read from
 * `root` (the specs directory's parent, which tree keys are relative to); returns their keys. A file
 * that cannot be read is left out: the compiler reports the `$ref` at its position. Paths that climb
 * above `root` are left out too, as the compiler refuses them.
 */
export async function readReferenced(tree: SpecTree, root: string): Promise<string[]> {
  const added: string[] = [];
  const queue = [...tree.files].flatMap(([path, text]) => (mayLeaveSpecs(text) ? referencedFiles(path, text) : []));
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (tree.files.has(path) || path.startsWith("../") || posix.isAbsolute(path)) continue;
    const text = await readIfExists(join(root, path)).catch(() => undefined);
    if (text === undefined) continue;
    tree.files.set(path, text);
    added.push(path);
    queue.push(...referencedFiles(path, text));
  }
  return added.sort();
}

export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR") return undefined;
    throw e;
  }
}

export async function writeText(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content, "utf8");
}

export const removeFile = (path: string): Promise<void> => rm(path, { force: true });
