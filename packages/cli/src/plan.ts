import { HEADER_PATTERN, MANIFEST_PATH, type OutputFile } from "@toolgate/compiler";
import { join } from "node:path";
import { listFiles, readIfExists } from "./files.js";

/** How the output directory differs from what the compiler produced. */
export interface OutputPlan {
  readonly write: readonly OutputFile[];
  readonly stale: readonly string[];
  readonly missing: readonly string[];
  /** Files that carry our header (or are our manifest) but were not produced this time. */
  readonly orphaned: readonly string[];
}

const isOurs = (path: string, content: string): boolean =>
  path === MANIFEST_PATH || HEADER_PATTERN.test(content.split("\n", 1)[0] ?? "");

/**
 * `holds`: whether the output directory certainly holds this content at this path without reading
 * it (gen's stat index); a file it vouches for is not read.
 */
export async function planOutput(outDir: string, files: readonly OutputFile[], holds?: (file: OutputFile) => boolean): Promise<OutputPlan> {
  const produced = new Set(files.map((f) => f.path));
  const write: OutputFile[] = [];
  const stale: string[] = [];
  const missing: string[] = [];
  for (const file of files) {
    if (holds?.(file) === true) continue;
    const current = await readIfExists(join(outDir, file.path));
    if (current === file.content) continue;
    write.push(file);
    (current === undefined ? missing : stale).push(file.path);
  }
  const orphaned: string[] = [];
  for (const path of await listFiles(outDir)) {
    if (produced.has(path)) continue;
    const content = await readIfExists(join(outDir, path));
    if (content !== undefined && isOurs(path, content)) orphaned.push(path);
  }
  return { write, stale, missing, orphaned };
}
