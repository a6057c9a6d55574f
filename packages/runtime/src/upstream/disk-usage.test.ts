import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDiskUsage } from "./disk-usage.js";
import type { MountUsage } from "./disk-usage.js";

const HEADER = "Filesystem     1024-blocks      Used Available Capacity Mounted on";
const ROOT = "/dev/sda1        102400000  51200000  46080000      53% /";
const DATA = "/dev/mapper/vg-data 2048 1024 1024 50% /srv/my data";

describe("parseDiskUsage", () => {
  it("parses df -P -k output with a trailing newline", () => {
    expect(parseDiskUsage(`${HEADER}\n${ROOT}\n${DATA}\n`)).toEqual({
      filesystem_ok: true,
      mounts: [
        { mount: "/", size_kb: 102400000, used_kb: 51200000, avail_kb: 46080000, use_percent: 53 },
        { mount: "/srv/my data", size_kb: 2048, used_kb: 1024, avail_kb: 1024, use_percent: 50 },
      ],
    });
  });

  it("accepts the same output as UTF-8 bytes", () => {
    expect(parseDiskUsage(new TextEncoder().encode(`${HEADER}\n${ROOT}`))?.mounts).toHaveLength(1);
  });

  it.each([
    ["a login banner", `Welcome to prod-db-7\n${HEADER}\n${ROOT}\n`],
    ["a trailing warning", `${HEADER}\n${ROOT}\ndf: /mnt/x: Permission denied\n`],
    ["an empty line", `${HEADER}\n\n${ROOT}\n`],
    ["no rows", `${HEADER}\n`],
    ["no header", `${ROOT}\n`],
    ["a non-POSIX header", `Filesystem 1K-blocks Used Available Use% Mounted on\n${ROOT}\n`],
    ["a missing column", `${HEADER}\n/dev/sda1 1024 512 50% /\n`],
    ["an extra column", `${HEADER}\n/dev/sda1 1024 512 512 50% 12 /\n`],
    ["a dash capacity", `${HEADER}\n/dev/sda1 1024 512 512 - /\n`],
    ["a negative number", `${HEADER}\n/dev/sda1 -1024 512 512 50% /\n`],
    ["a percentage over 100", `${HEADER}\n/dev/sda1 1024 512 512 101% /\n`],
    ["a relative mount", `${HEADER}\n/dev/sda1 1024 512 512 50% mnt\n`],
    ["a mount with trailing space", `${HEADER}\n/dev/sda1 1024 512 512 50% /mnt \n`],
    ["a control character", `${HEADER}\n/dev/sda1 1024 512 512 50% /mnt\x1b[2J\n`],
    ["CRLF line ends", `${HEADER}\r\n${ROOT}\r\n`],
    ["an unsafe integer", `${HEADER}\n/dev/sda1 9999999999999999 1 1 50% /\n`],
  ])("rejects %s", (_name, text) => {
    expect(parseDiskUsage(text)).toBeNull();
  });

  it("rejects invalid UTF-8", () => {
    expect(parseDiskUsage(Uint8Array.of(0x46, 0xff, 0x0a))).toBeNull();
  });

  it("accepts 64 mounts and rejects 65", () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `/dev/d${i} 10 5 5 50% /m${i}`);
    expect(parseDiskUsage([HEADER, ...rows(64)].join("\n"))?.mounts).toHaveLength(64);
    expect(parseDiskUsage([HEADER, ...rows(65)].join("\n"))).toBeNull();
  });

  const mounts: fc.Arbitrary<MountUsage> = fc.record({
    mount: fc.stringMatching(/^\/[!-~]([ -~]{0,30}[!-~])?$/),
    size_kb: fc.nat(),
    used_kb: fc.nat(),
    avail_kb: fc.nat(),
    use_percent: fc.integer({ min: 0, max: 100 }),
  });

  it("round-trips any rendered table of well-formed rows", () => {
    fc.assert(
      fc.property(fc.array(mounts, { minLength: 1, maxLength: 64 }), (rows) => {
        const lines = rows.map((r) => `/dev/x ${r.size_kb} ${r.used_kb}  ${r.avail_kb} ${r.use_percent}% ${r.mount}`);
        expect(parseDiskUsage([HEADER, ...lines].join("\n"))).toEqual({ filesystem_ok: true, mounts: rows });
      }),
      { seed: 4242, numRuns: 500 },
    );
  });

  it("rejects a valid table with any foreign line injected before a row", () => {
    const foreign = fc.string({ maxLength: 40 }).filter((line) => !/^\S+ +\d+ +\d+ +\d+ +\d{1,3}% +\//.test(line));
    fc.assert(
      fc.property(foreign, fc.nat({ max: 1 }), (line, at) => {
        const lines = [HEADER, ROOT, DATA];
        lines.splice(at + 1, 0, line);
        return parseDiskUsage(lines.join("\n")) === null;
      }),
      { seed: 4343, numRuns: 2000 },
    );
  });
});
