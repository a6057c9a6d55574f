/**
 * Parses `df -P -k <path>` output into a bounded machine format. Anything unexpected (a login
 * banner, a warning, a missing or extra column, a non-numeric field) rejects the whole output:
 * a partial parse would let upstream text decide what the agent sees.
 */

export interface MountUsage {
  readonly mount: string;
  readonly size_kb: number;
  readonly used_kb: number;
  readonly avail_kb: number;
  readonly use_percent: number;
}

export interface DiskUsage {
  readonly filesystem_ok: true;
  readonly mounts: readonly MountUsage[];
}

export const MAX_MOUNTS = 64;
const MAX_MOUNT_LENGTH = 1024;
const HEADER = /^Filesystem +1024-blocks +Used +Available +Capacity +Mounted on$/;
/** Device, four numbers, a percentage, then an absolute mount point (which may contain spaces). */
const ROW = /^\S+ +(\d{1,16}) +(\d{1,16}) +(\d{1,16}) +(\d{1,3})% +(\/[\x20-\x7e]*)$/;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The parsed usage, or null when the output is not exactly a header plus 1..64 well-formed rows. */
export function parseDiskUsage(stdout: Uint8Array | string): DiskUsage | null {
  const text = typeof stdout === "string" ? stdout : decodeUtf8(stdout);
  if (text === null) return null;
  const lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
  const [header, ...rows] = lines;
  if (header === undefined || !HEADER.test(header)) return null;
  if (rows.length === 0 || rows.length > MAX_MOUNTS) return null;
  const mounts: MountUsage[] = [];
  for (const row of rows) {
    const mount = parseRow(row);
    if (mount === null) return null;
    mounts.push(mount);
  }
  return { filesystem_ok: true, mounts };
}

function parseRow(row: string): MountUsage | null {
  const match = ROW.exec(row);
  if (match === null) return null;
  const [size, used, avail, percent] = match.slice(1, 5).map(Number) as [number, number, number, number];
  const mount = match[5]!;
  const numbersSafe = [size, used, avail].every(Number.isSafeInteger);
  if (!numbersSafe || percent > 100 || mount.length > MAX_MOUNT_LENGTH || mount !== mount.trimEnd()) return null;
  return { mount, size_kb: size, used_kb: used, avail_kb: avail, use_percent: percent };
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}
