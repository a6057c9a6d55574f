// A synthetic project for `npm run bench:gen`: N specs made from the example specs (specs/*.yaml),
// each copy renamed (`<tool>_<copy>`), sharing specs/schemas/ and specs/hooks.ts as a monorepo would.
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "./paths.mjs";

const EXAMPLES = join(repoRoot, "specs");

/** Writes `<dir>/specs` with `count` specs (copy 0 keeps the examples' names, so hooks.ts's import resolves). */
export async function writeProject(dir, count) {
  const names = (await readdir(EXAMPLES)).filter((n) => n.endsWith(".yaml")).sort();
  const texts = await Promise.all(names.map((n) => readFile(join(EXAMPLES, n), "utf8")));
  await mkdir(join(dir, "specs"), { recursive: true });
  await cp(join(EXAMPLES, "schemas"), join(dir, "specs", "schemas"), { recursive: true });
  await cp(join(EXAMPLES, "hooks.ts"), join(dir, "specs", "hooks.ts"));
  for (let i = 0; i < count; i++) {
    const k = i % names.length;
    const copy = Math.floor(i / names.length);
    const tool = names[k].replace(/\.yaml$/, "") + (copy === 0 ? "" : `_${copy}`);
    await writeFile(join(dir, "specs", `${tool}.yaml`), texts[k].replace(/^tool: .*$/m, `tool: ${tool}`));
  }
  return join(dir, "specs");
}

/** The spec the one-edit row changes: a description edit, so every file of that tool changes. */
export async function editOneSpec(specsDir, round) {
  const path = join(specsDir, "build_status.yaml");
  const text = await readFile(path, "utf8");
  await writeFile(path, text.replace(/^description: .*$/m, `description: Reports one build (edit ${round}).`));
}
