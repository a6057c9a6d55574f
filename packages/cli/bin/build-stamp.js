import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The build stamp of a workspace checkout: `npm run build` records the packages' src trees in
 * packages/cli/dist, and the bin compares them at start, so a checkout updated without a rebuild
 * (a `git pull`) exits 3 with the command to run instead of running the old dist into internal errors.
 *
 * The comparison stats only the src directories (~50): git writes every file it updates as a new
 * file, which changes its directory's mtime, as adding, removing or renaming a file does. A
 * directory whose mtime moved (an editor's swap file too) leads to the content hash, which decides;
 * when the sources are unchanged, the stamp takes the new mtimes, so the next start is cheap again.
 * A file edited in place keeps its directory's mtime and is not caught by the stat.
 * An installed package has no src/ beside its dist/: nothing is compared.
 */

export const PACKAGES = ["spec", "runtime", "compiler", "cli"];
export const STAMP = "build-stamp.json";
export const NEXT_STAMP = "build-stamp.next.json";
export const STALE_MESSAGE = "toolgate: the build is older than packages/*/src; run npm run build\n";

/** Every directory of the packages' src trees (relative to the packages directory), and the sources tsc builds. */
function sourceTree(packagesDir) {
  const dirs = [];
  const sources = [];
  for (const name of PACKAGES) {
    const root = join(packagesDir, name, "src");
    dirs.push(relative(packagesDir, root));
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      const path = relative(packagesDir, join(entry.parentPath, entry.name));
      if (entry.isDirectory()) dirs.push(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) sources.push(path);
    }
  }
  return { dirs: dirs.sort(), sources: sources.sort() };
}

/** A hash of the sources' paths and bytes: what decides when a directory's mtime moved. */
function contentHash(packagesDir, sources) {
  // Loaded only here: node:crypto is most of this module's cost at every start otherwise.
  const hash = process.getBuiltinModule("node:crypto").createHash("sha256");
  for (const path of sources) hash.update(`${path}\0`).update(readFileSync(join(packagesDir, path))).update("\0");
  return hash.digest("hex");
}

/** The stamp of the src trees as they are now. */
export function currentStamp(packagesDir) {
  const { dirs, sources } = sourceTree(packagesDir);
  return { hash: contentHash(packagesDir, sources), dirs: dirs.map((dir) => [dir, statSync(join(packagesDir, dir)).mtimeMs]) };
}

/** Writes a stamp with a rename, so a reader never sees half of one (many CLI processes may start at once). */
export function writeStamp(file, stamp) {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(stamp)}\n`);
  renameSync(partial, file);
}

const readStamp = (file) => {
  try {
    const stamp = JSON.parse(readFileSync(file, "utf8"));
    return typeof stamp?.hash === "string" && Array.isArray(stamp.dirs) ? stamp : undefined;
  } catch {
    return undefined;
  }
};

const moved = (packagesDir, stamp) => stamp.dirs.some(([dir, mtimeMs]) => statSync(join(packagesDir, dir), { throwIfNoEntry: false })?.mtimeMs !== mtimeMs);

/** Whether the dist of the CLI at `cliDir` was built from other sources than its workspace holds now. */
export function isStale(cliDir) {
  const dist = join(cliDir, "dist");
  // An installed package (no src/), or no build at all, which the bin reports on its own.
  if (!existsSync(join(cliDir, "src")) || !existsSync(dist)) return false;
  const stamp = readStamp(join(dist, STAMP));
  if (stamp === undefined) return true;
  const packagesDir = dirname(cliDir);
  if (!moved(packagesDir, stamp)) return false;
  const now = currentStamp(packagesDir);
  if (now.hash !== stamp.hash) return true;
  try {
    writeStamp(join(dist, STAMP), now);
  } catch {
    // A read-only checkout: the hash decides again next time.
  }
  return false;
}

/** The bin's first step: exit 3 with the command to run when the build is stale. */
export function exitIfStale() {
  if (!isStale(fileURLToPath(new URL("..", import.meta.url)))) return;
  process.stderr.write(STALE_MESSAGE);
  process.exit(3);
}
