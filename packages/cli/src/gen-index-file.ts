import { createHash, randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { defaultCacheDir, type CacheOptions } from "./gen-cache.js";
import { ABSENT, parseIndex, statKey, trusted, type Stamp, type StatIndex, type StatKey } from "./gen-index.js";

/** What names a project's index: its paths and the options its project entry is keyed by. */
export interface IndexedPaths extends CacheOptions {
  readonly specs: string;
  readonly out: string;
  readonly hooks?: string | undefined;
  readonly lint?: string | undefined;
  readonly strictLimits?: string | undefined;
  readonly ignoredKeywords?: readonly string[] | undefined;
}

/**
 * Where the index of these paths and options lives in the cache directory; the compiler's salt is
 * part of its name, so a rebuilt or upgraded compiler never trusts an index written before.
 */
export function indexFile(paths: IndexedPaths, salt: string): string {
  const parts = [salt, resolve(paths.specs), resolve(paths.out), hooksFile(paths), paths.lint ?? "", paths.strictLimits ?? "", JSON.stringify(paths.ignoredKeywords ?? [])];
  const key = createHash("sha256").update(JSON.stringify(parts)).digest("hex");
  return join(paths.cacheDir ?? defaultCacheDir(paths.specs), "index", `${key}.json`);
}

/** The hooks module on disk, as readInputs looks for it. */
export const hooksFile = (paths: Pick<IndexedPaths, "specs" | "hooks">): string => resolve(paths.hooks ?? join(paths.specs, "hooks.ts"));

/** A file's stat data now (following a symlink, as reading it does), or ABSENT. */
export function currentStat(path: string): StatKey {
  try {
    return statKey(statSync(path, { bigint: true }));
  } catch {
    return ABSENT;
  }
}

/** The index and its own mtime (what the racy rule compares against); undefined when there is none or it is unreadable. */
export async function readIndex(path: string): Promise<{ index: StatIndex; mtimeNs: bigint } | undefined> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  const index = text === undefined ? undefined : parseIndex(text);
  if (index === undefined) return undefined;
  try {
    return { index, mtimeNs: statSync(path, { bigint: true }).mtimeNs };
  } catch {
    return undefined;
  }
}

/** Writes the index to a private temporary file renamed into place (concurrent gens see a whole index or none); failure costs speed only. */
export async function writeIndex(path: string, index: StatIndex): Promise<void> {
  const partial = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(partial, JSON.stringify(index));
    await rename(partial, path);
  } catch {
    await rm(partial, { force: true });
  }
}

/** A file's content hash, or undefined when it cannot be read. */
export type Hasher = (path: string) => Promise<string | undefined>;

/**
 * Checks stamps against the disk: a trusted stat keeps the recorded hash, any other file is hashed
 * (stat first, then read, so that a write after the read changes the stat recorded).
 * undefined when a file's content differs; else the stamps refreshed and how many were hashed.
 */
export async function verify(stamps: readonly Stamp[], indexMtimeNs: bigint, at: (path: string) => string, hashOf: Hasher): Promise<{ stamps: Stamp[]; hashed: number } | undefined> {
  const fresh: Stamp[] = [];
  let hashed = 0;
  for (const [path, recorded, hash] of stamps) {
    const now = currentStat(at(path));
    if (trusted(recorded, now, indexMtimeNs)) {
      fresh.push([path, recorded, hash]);
      continue;
    }
    hashed++;
    if (now === ABSENT || recorded === ABSENT || (await hashOf(at(path))) !== hash) return undefined;
    fresh.push([path, now, hash]);
  }
  return { stamps: fresh, hashed };
}
