import { createHash } from "node:crypto";
import type { BigIntStats } from "node:fs";

/**
 * gen's stat index, git's approach: per input and output file, its stat data alongside a hash of
 * its content, so that a no-op reads a file only when its stat changed. Pure: the I/O is gen-index-file.ts.
 */

/** A file's stat data as one comparable string (mtime first, for the racy rule); "absent" for none. */
export type StatKey = string;

/** One file the index vouches for: where it is, its stat data when hashed, the hash. */
export type Stamp = readonly [path: string, stat: StatKey, hash: string];

export interface StatIndex {
  /** The project entry (`CachedProject`) these inputs key. */
  readonly projectKey: string;
  /** The tree keys of the specs directory's listing (specs and schemas), sorted: an added or removed file is a change. */
  readonly listed: readonly string[];
  /** Every file compile read (specs, schemas, `$ref`'d files outside specs/) and the hooks module, by path on disk. */
  readonly inputs: readonly Stamp[];
  /** Every output file, by path in the output directory, with `outputHash` of its content. */
  readonly outputs: readonly Stamp[];
}

export const ABSENT: StatKey = "absent";

/**
 * As git compares (its default `core.checkStat`, `trustctime`): mtime and ctime in ns, size, inode
 * and mode. A file replaced by another of the same size and mtime (`cp` + `touch -r`, or a rename
 * over it) has a new ctime and usually a new inode, so it is hashed.
 */
export const statKey = (s: BigIntStats): StatKey => `${s.mtimeNs}:${s.ctimeNs}:${s.size}:${s.ino}:${s.mode}`;

const mtimeOf = (stat: StatKey): bigint => BigInt(stat.slice(0, stat.indexOf(":")));

/**
 * Whether the recorded hash may stand for the file without reading it: the same stat data, and
 * (git's racy rule) an mtime older than the index's own write time. A file written in the same
 * timestamp tick as the index could be written again within that tick with the same size and
 * times, so its stat proves nothing: it is hashed, on every run, until an index written later
 * than it vouches for it.
 */
export function trusted(recorded: StatKey, current: StatKey, indexMtimeNs: bigint): boolean {
  if (recorded !== current) return false;
  return recorded === ABSENT || mtimeOf(recorded) < indexMtimeNs;
}

/** The hash an input's stamp records: of the text compile was given. */
export const inputHash = (text: string): string => createHash("sha256").update(text).digest("hex");

const isStamp = (v: unknown): v is Stamp => Array.isArray(v) && v.length === 3 && v.every((part) => typeof part === "string");
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** The index a file holds; undefined for anything else (an old format, a truncated write): then the index is rebuilt. */
export function parseIndex(text: string): StatIndex | undefined {
  try {
    const v = JSON.parse(text) as Partial<StatIndex>;
    const valid = typeof v.projectKey === "string" && isStrings(v.listed) && [v.inputs, v.outputs].every((list) => Array.isArray(list) && list.every(isStamp));
    return valid ? (v as StatIndex) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the same sorted lists hold the same strings. */
export const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((s, i) => s === b[i]);
