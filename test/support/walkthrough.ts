import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { repoRoot, tempDir } from "./project.js";
import { applyTopLevelEdit, consoleSteps, shellCommands, taggedBlocks, type ReadmeBlock } from "./readme-blocks.js";
import { mustRun, runShell } from "./shell.js";

/**
 * Runs README blocks in a project directory as a reader would: a `file=` block is written, an
 * `edit=` block applied, each command of a `sh` block must succeed, and each `$ command` of a
 * `console` block must print exactly the output shown under it.
 */
export async function runBlocks(dir: string, blocks: readonly ReadmeBlock[], env: Readonly<Record<string, string>>): Promise<void> {
  const refreshed: { block: ReadmeBlock; body: string }[] = [];
  for (const block of blocks) {
    const file = block.attributes["file"];
    const edit = block.attributes["edit"];
    if (file !== undefined) await writeInto(dir, file, `${block.body}\n`);
    else if (edit !== undefined) await writeFile(join(dir, edit), applyTopLevelEdit(await readFile(join(dir, edit), "utf8"), block.body));
    else if (block.lang === "sh") for (const command of shellCommands(block.body)) await mustRun(dir, command, env);
    else if (block.lang === "console") {
      const shown: string[] = [];
      for (const step of consoleSteps(block.body)) {
        const result = await runShell(dir, step.command, env);
        shown.push(`$ ${step.command}`, ...(result.output === "" ? [] : [result.output]));
        if (!UPDATE) expect(result.output, `README.md:${block.line}: $ ${step.command} (exit ${result.code})`).toBe(step.output);
      }
      refreshed.push({ block, body: shown.join("\n") });
    } else throw new Error(`README.md:${block.line}: a ${block.lang} block tagged for a test needs file= or edit=`);
  }
  if (UPDATE) await refreshReadme(refreshed);
}

/** `TOOLGATE_UPDATE_README=1`: console blocks get the output the commands printed, as golden files do. */
const UPDATE = process.env["TOOLGATE_UPDATE_README"] === "1";

/** Replaces each console block's body, bottom up so that earlier blocks keep their line numbers. */
async function refreshReadme(blocks: readonly { block: ReadmeBlock; body: string }[]): Promise<void> {
  const path = join(repoRoot, "README.md");
  let lines = (await readFile(path, "utf8")).split("\n");
  for (const { block, body } of [...blocks].sort((a, b) => b.block.line - a.block.line)) {
    lines = [...lines.slice(0, block.line), ...body.split("\n"), ...lines.slice(block.line + block.body.split("\n").length)];
  }
  await writeFile(path, lines.join("\n"));
}

async function writeInto(dir: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

/**
 * The README's `sh pack` block run in this checkout, into a temp directory: the four tarballs a
 * user installs. Installs then take the dependencies from npm's cache (filled by `npm ci`) where
 * they can, and no audit, fund or update-notifier request is made.
 */
export async function packedTarballs(): Promise<{ env: Record<string, string>; dispose: () => Promise<void> }> {
  const packages = await tempDir("packages");
  const env = {
    TOOLGATE_PACKAGES: packages.dir,
    TOOLGATE_CHECKOUT: repoRoot,
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
  await runBlocks(repoRoot, taggedBlocks("pack"), env);
  return { env, dispose: packages.dispose };
}
