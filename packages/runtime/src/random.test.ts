import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRandomPool, deviceSource, randomFill, type ByteSource } from "./random.js";

/** A source that writes 0, 1, 2, … (mod 251), so every byte handed out can be traced to its fill. */
function countingSource(): ByteSource & { calls: number } {
  let next = 0;
  const source = Object.assign((target: Uint8Array) => {
    source.calls++;
    for (let i = 0; i < target.length; i++) target[i] = next++ % 251;
  }, { calls: 0 });
  return source;
}

describe("createRandomPool", () => {
  it("hands out the source's bytes in order, each once, across refills", () => {
    const source = countingSource();
    const take = createRandomPool(source);
    const out: number[] = [];
    for (let i = 0; i < 300; i++) {
      const chunk = new Uint8Array(30);
      take(chunk);
      out.push(...chunk);
    }
    expect(out).toEqual(Array.from({ length: 9000 }, (_, i) => i % 251));
    expect(source.calls).toBe(3);
  });

  it("gives way to Web Crypto when the source fails", () => {
    const take = createRandomPool(() => {
      throw new Error("device gone");
    });
    const a = new Uint8Array(32);
    const b = new Uint8Array(32);
    take(a);
    take(b);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(a.some((x) => x !== 0)).toBe(true);
  });
});

describe("deviceSource", () => {
  it("is unavailable for a missing device and for a plain file in its place", () => {
    const planted = join(tmpdir(), `toolgate-not-a-device-${process.pid}`);
    writeFileSync(planted, "0".repeat(64));
    expect(deviceSource(join(tmpdir(), "toolgate-no-such-device"))).toBeUndefined();
    expect(deviceSource(planted)).toBeUndefined();
  });

  it.runIf(process.platform !== "win32")("checks the device again on every refill: a file swapped in is refused", () => {
    const link = join(tmpdir(), `toolgate-urandom-link-${process.pid}`);
    const planted = join(tmpdir(), `toolgate-planted-${process.pid}`);
    writeFileSync(planted, "A".repeat(8192));
    rmSync(link, { force: true });
    symlinkSync("/dev/urandom", link);
    const source = deviceSource(link)!;
    source(new Uint8Array(16));
    rmSync(link);
    symlinkSync(planted, link);
    expect(() => source(new Uint8Array(16))).toThrow(/gone or replaced/);
    // The pool then serves from Web Crypto, never the planted bytes.
    const take = createRandomPool(source);
    const bytes = new Uint8Array(64);
    take(bytes);
    expect(bytes.every((b) => b === 0x41)).toBe(false);
    rmSync(link);
  });

  it.runIf(process.platform !== "win32")("reads the kernel CSPRNG: bytes spread evenly, never the same twice", () => {
    const source = deviceSource();
    expect(source).toBeDefined();
    const bytes = new Uint8Array(256 * 400);
    source!(bytes);
    const counts = new Array<number>(256).fill(0);
    for (const b of bytes) counts[b]!++;
    // 400 expected per value; ±25 % is about 5 standard deviations.
    expect(counts.filter((c) => c < 300 || c > 500)).toEqual([]);
    const again = new Uint8Array(64);
    source!(again);
    expect(Buffer.from(again).equals(Buffer.from(bytes.subarray(0, 64)))).toBe(false);
  });
});

describe("randomFill", () => {
  it("fills any length, also beyond one pool", () => {
    const big = new Uint8Array(10_000);
    randomFill(big);
    expect(new Set(big).size).toBe(256);
  });
});
