import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { roleInSpecs, toPosix, type SpecTree } from "./files.js";

const run = promisify(execFile);
// Spec trees are small; this only bounds a hostile or accidental giant blob.
const MAX_BUFFER = 256 * 1024 * 1024;

async function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  try {
    return (await run("git", [...args], { cwd, maxBuffer: MAX_BUFFER, encoding: "utf8" })).stdout;
  } catch {
    return undefined;
  }
}

export type GitSpecs = { readonly tree: SpecTree } | { readonly problem: string };

/**
 * The specs directory as it is at a git ref, read from the object store (`git ls-tree`, `git
 * cat-file`): the working tree and the index are never touched. Keys are `<label>/<path>`, as
 * readSpecTree names them, so both sides of a diff name the same spec the same way.
 */
export async function readSpecsAtRef(specsDir: string, ref: string, label: string): Promise<GitSpecs> {
  const cwd = resolve(specsDir);
  const top = (await git(cwd, ["rev-parse", "--show-toplevel"]))?.trim();
  if (top === undefined) return { problem: `${ref} is neither a directory nor a git ref: ${toPosix(specsDir)} is not in a git repository` };
  // A ref starting with "-" would be read as an option.
  const commit = ref.startsWith("-") ? undefined : (await git(cwd, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]))?.trim();
  if (!commit) return { problem: `unknown git ref ${JSON.stringify(ref)}` };
  const prefix = (await git(cwd, ["rev-parse", "--show-prefix"]))?.trim() ?? "";
  const listing = await git(top, ["ls-tree", "-r", "-z", "--name-only", commit, "--", prefix || "."]);
  if (listing === undefined) return { problem: `cannot list ${prefix || "."} at ${ref}` };
  const tree: SpecTree = { files: new Map(), specs: [], unreadable: [] };
  for (const path of listing.split("\0").filter(Boolean).sort()) {
    const inside = path.slice(prefix.length);
    const role = roleInSpecs(inside);
    if (role === undefined) continue;
    const text = await git(top, ["cat-file", "blob", `${commit}:${path}`]);
    const key = `${label}/${inside}`;
    if (text === undefined) tree.unreadable.push({ path: key, reason: `not readable at ${ref}` });
    else tree.files.set(key, text);
    if (text !== undefined && role === "spec") tree.specs.push(key);
  }
  return { tree };
}
