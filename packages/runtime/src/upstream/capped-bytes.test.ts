import { describe, expect, it } from "vitest";
import { CappedBytes } from "./capped-bytes.js";

describe("CappedBytes", () => {
  it("keeps chunks up to exactly maxBytes", () => {
    const capped = new CappedBytes(5);
    expect([capped.push(Uint8Array.of(1, 2)), capped.push(Uint8Array.of(3, 4, 5))]).toEqual([true, true]);
    expect(capped.toBytes()).toEqual(Uint8Array.of(1, 2, 3, 4, 5));
  });

  it("refuses the chunk that crosses the cap and does not keep it", () => {
    const capped = new CappedBytes(5);
    capped.push(Uint8Array.of(1, 2, 3));
    expect(capped.push(Uint8Array.of(4, 5, 6))).toBe(false);
    expect(capped.received).toBe(6);
    expect(capped.toBytes()).toEqual(Uint8Array.of(1, 2, 3));
  });

  it("returns a copy that does not share the chunks' memory", () => {
    const chunk = Uint8Array.of(9, 9);
    const capped = new CappedBytes(2);
    capped.push(chunk);
    const bytes = capped.toBytes();
    chunk[0] = 0;
    expect([bytes[0], bytes.buffer.byteLength]).toEqual([9, 2]);
  });
});
