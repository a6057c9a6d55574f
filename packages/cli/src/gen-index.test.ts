import { mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { currentStat, readIndex, verify, writeIndex } from "./gen-index-file.js";
import { ABSENT, inputHash, parseIndex, trusted, type Stamp, type StatIndex } from "./gen-index.js";

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});
async function newDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "toolgate-gen-index-"));
  dirs.push(dir);
  return dir;
}

const hashText = async (path: string): Promise<string | undefined> => inputHash(await readFile(path, "utf8"));
const at = (path: string): string => path;
const index = (inputs: Stamp[]): StatIndex => ({ projectKey: "k", listed: [], inputs, outputs: [] });
const AT_SECOND = new Date("2026-01-02T03:04:05Z");

it("trusts a stat only when it is unchanged and older than the index (git's racy rule)", () => {
  const stat = "1000:1000:12:7:33188";
  expect(trusted(stat, stat, 1001n)).toBe(true);
  expect(trusted(stat, stat, 1000n)).toBe(false);
  expect(trusted(stat, stat, 999n)).toBe(false);
  expect(trusted(stat, "1000:1001:12:7:33188", 2000n)).toBe(false);
  expect(trusted(ABSENT, ABSENT, 0n)).toBe(true);
  expect(trusted(ABSENT, stat, 2000n)).toBe(false);
});

it("sees a same-size write in the index's own timestamp tick, which the stat alone cannot", async () => {
  const dir = await newDir();
  const file = join(dir, "spec.yaml");
  await writeFile(file, "tool: a\n");
  const hash = inputHash("tool: a\n");
  // The file is written again after it was hashed, in the same tick as the index: its stat is
  // what the index records, its content is not.
  await writeFile(file, "tool: b\n");
  const indexPath = join(dir, "index.json");
  await writeIndex(indexPath, index([[file, ABSENT, hash]]));
  await Promise.all([utimes(file, AT_SECOND, AT_SECOND), utimes(indexPath, AT_SECOND, AT_SECOND)]);
  const recorded: Stamp = [file, currentStat(file), hash];
  const { mtimeNs } = (await readIndex(indexPath))!;
  expect(await verify([recorded], mtimeNs, at, hashText)).toBeUndefined();
  // Unchanged content in the racy window is read, and vouched for.
  const same: Stamp = [file, currentStat(file), inputHash("tool: b\n")];
  expect(await verify([same], mtimeNs, at, hashText)).toEqual({ stamps: [same], hashed: 1 });
  expect(await verify([same], mtimeNs + 1n, at, hashText)).toEqual({ stamps: [same], hashed: 0 });
});

it("reads a file replaced by another of the same size and mtime (its ctime and inode differ), as git does", async () => {
  const dir = await newDir();
  const file = join(dir, "spec.yaml");
  await writeFile(file, "tool: a\n");
  await utimes(file, AT_SECOND, AT_SECOND);
  const recorded: Stamp = [file, currentStat(file), inputHash("tool: a\n")];
  const other = join(dir, "other.yaml");
  await writeFile(other, "tool: b\n");
  await utimes(other, AT_SECOND, AT_SECOND);
  await rename(other, file);
  expect((await stat(file)).mtimeMs).toBe(AT_SECOND.getTime());
  expect(await verify([recorded], BigInt(Date.now()) * 1_000_000n, at, hashText)).toBeUndefined();
  // touch -r over an edit in place: same inode, same size and mtime, a new ctime.
  const inPlace: Stamp = [file, currentStat(file), inputHash("tool: b\n")];
  await writeFile(file, "tool: c\n");
  await utimes(file, AT_SECOND, AT_SECOND);
  expect(await verify([inPlace], BigInt(Date.now()) * 1_000_000n, at, hashText)).toBeUndefined();
});

it("treats a file that appears where the index recorded none, or disappears, as changed", async () => {
  const dir = await newDir();
  const file = join(dir, "hooks.ts");
  const later = BigInt(Date.now()) * 1_000_000n + 10n ** 12n;
  expect(await verify([[file, ABSENT, ""]], later, at, hashText)).toEqual({ stamps: [[file, ABSENT, ""]], hashed: 0 });
  await writeFile(file, "export {};\n");
  expect(await verify([[file, ABSENT, ""]], later, at, hashText)).toBeUndefined();
  const recorded: Stamp = [file, currentStat(file), inputHash("export {};\n")];
  await rm(file);
  expect(await verify([recorded], later, at, hashText)).toBeUndefined();
});

it("reads back the index it wrote and refuses anything else", async () => {
  const dir = await newDir();
  const path = join(dir, "index", "i.json");
  const written = index([["/a", "1:1:1:1:1", "h"]]);
  await writeIndex(path, written);
  expect((await readIndex(path))?.index).toEqual(written);
  for (const text of ["", "{", "null", '{"projectKey":"k"}', '{"projectKey":"k","listed":[],"inputs":[["/a",1,"h"]],"outputs":[]}']) expect(parseIndex(text)).toBeUndefined();
  expect(await readIndex(join(dir, "absent.json"))).toBeUndefined();
});
