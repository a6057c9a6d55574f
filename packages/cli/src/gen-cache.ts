import { outputHash, type CachedProject, type GenCache } from "@toolgate/compiler/fast";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listFiles, readIfExists } from "./files.js";

/** `--cache-dir` / `--no-cache`: where gen keeps results between runs (commander sets `cache: false` for --no-cache). */
export interface CacheOptions {
  readonly cacheDir?: string | undefined;
  readonly cache?: boolean | undefined;
}

/** The default cache directory: under the project root (the specs directory's parent), where tools keep caches. */
export const defaultCacheDir = (specs: string): string => join(dirname(resolve(specs)), "node_modules", ".cache", "toolgate", "gen");

// Type declarations, source maps and tsc's build info cannot change what the compiler emits (the
// build info changes on every build): leaving them out makes the salt a quarter of the bytes to read.
const isInert = (path: string): boolean => /\.d\.ts$|\.map$|(^|\/)\.tsbuildinfo$/.test(path);

/** The compiler's version and a hash of every file of its build that runs: a rebuild or an upgrade is a new salt. */
export async function compilerSalt(distDir: string): Promise<string> {
  const hash = createHash("sha256");
  const manifest = await readIfExists(join(distDir, "..", "package.json"));
  hash.update(`${(JSON.parse(manifest ?? "{}") as { version?: string }).version ?? "?"}\n`);
  const paths = (await listFiles(distDir)).filter((path) => !isInert(path));
  const contents = await Promise.all(paths.map((path) => readFile(join(distDir, path))));
  paths.forEach((path, i) => hash.update(`${path}\n`).update(contents[i]!));
  return hash.digest("hex");
}

let installedSalt: Promise<string> | undefined;
const compilerDist = (): string => dirname(fileURLToPath(import.meta.resolve("@toolgate/compiler")));

/**
 * A directory of entries by key, safe to delete at any time and to share between concurrent runs:
 * each entry is written to a private temporary file and renamed into place, so a reader sees a
 * whole entry or none (and the compiler checks each entry's checksum anyway).
 */
export function directoryCache(dir: string, salt: string): GenCache {
  const pathOf = (key: string): string => join(dir, key.slice(0, 2), key);
  return {
    salt,
    get: async (key) => readFile(pathOf(key)).catch(() => undefined),
    put: async (key, bytes) => {
      const path = pathOf(key);
      const partial = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(partial, bytes);
        await rename(partial, path);
      } catch {
        // A cache that cannot be written (read-only, full disk) costs speed, never output.
        await rm(partial, { force: true });
      }
    },
  };
}

/** The cache gen, check and test use, or none with --no-cache. */
export async function openCache(options: CacheOptions & { readonly specs: string }): Promise<GenCache | undefined> {
  if (options.cache === false) return undefined;
  installedSalt ??= compilerSalt(compilerDist());
  return directoryCache(options.cacheDir ?? defaultCacheDir(options.specs), await installedSalt);
}

/** Whether the output directory holds exactly the cached outputs (any other file: let the full run decide whether it is ours). */
export async function holdsOutputs(outDir: string, project: CachedProject): Promise<boolean> {
  const expected = new Map(project.outputs);
  for (const path of await listFiles(outDir)) {
    const hash = expected.get(path);
    const content = hash === undefined ? undefined : await readIfExists(join(outDir, path));
    if (content === undefined || outputHash(content) !== hash) return false;
    expected.delete(path);
  }
  return expected.size === 0;
}
