import { describe, expect, it } from "vitest";
import { readSample } from "./json-sample.js";

const read = (text: string) => readSample(new TextEncoder().encode(text));

describe("readSample", () => {
  it("returns the value of valid JSON", () => {
    expect(read('{"a": [1, "x", null]}')).toEqual({ ok: true, value: { a: [1, "x", null] } });
  });

  it.each([
    ['{\n  "a": tru\n}', 2, 8, "unexpected character"],
    ['{"a": 1,}', 1, 9, "expected a member name in double quotes"],
    ["[1 2]", 1, 4, "expected ','"],
    ["", 1, 1, "expected a value"],
    ['{\n"a": 1,\n"a": 2}', 3, 1, "a member name appears twice in one object, which the adapter refuses"],
    ['{"n": 9007199254740993}', 1, 7, "an integer beyond ±(2^53−1), which the adapter refuses unless limits.lossless_integers names its member"],
  ])("says where %j is wrong", (text, line, column, message) => {
    expect(read(text)).toEqual({ ok: false, line, column, message });
  });

  it("refuses invalid UTF-8 at the start, as bytes have no line", () => {
    expect(readSample(new Uint8Array([0x22, 0xff, 0x22]))).toMatchObject({ ok: false, line: 1, column: 1, message: "not valid UTF-8" });
  });
});
