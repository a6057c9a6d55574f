import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { listFiles } from "../../packages/cli/src/files.js";

/** Every file below `dir`: relative path → content, in path order. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const paths = await listFiles(dir);
  return new Map(await Promise.all(paths.map(async (p) => [p, await readFile(join(dir, p), "utf8")] as const)));
}
