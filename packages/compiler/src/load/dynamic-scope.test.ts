import { describe, expect, it } from "vitest";
import { dynamicName, enter, initialRef, NO_SCOPE, RECURSIVE_ANCHOR, scopeKey } from "./dynamic-scope.js";
import type { LoadedDocument } from "./document.js";

const doc = (path: string): LoadedDocument => ({ path, value: {}, locate: () => ({ file: path, line: 1, column: 1 }) });

describe("the dynamic scope", () => {
  it("keeps the outermost resource declaring each anchor name", () => {
    const outer = enter(NO_SCOPE, doc("a.json"), new Map([["node", ""]]));
    const inner = enter(outer, doc("b.json"), new Map([["node", ""], ["leaf", "/$defs/l"]]));
    expect([...inner].map(([name, t]) => [name, `${t.doc.path}#${t.pointer}`])).toEqual([["node", "a.json#"], ["leaf", "b.json#/$defs/l"]]);
    expect(enter(outer, doc("c.json"), new Map([["node", ""]]))).toBe(outer);
  });

  it("has a key independent of the order anchors were entered in", () => {
    const ab = enter(enter(NO_SCOPE, doc("a.json"), new Map([["x", ""]])), doc("b.json"), new Map([["y", ""]]));
    const ba = enter(enter(NO_SCOPE, doc("b.json"), new Map([["y", ""]])), doc("a.json"), new Map([["x", ""]]));
    expect(scopeKey(ab)).toBe(scopeKey(ba));
    expect(scopeKey(NO_SCOPE)).toBe("");
  });

  it("reads the anchor a $dynamicRef names, and starts $recursiveRef's from the resource root", () => {
    expect([dynamicName("#node"), dynamicName("list.json#T"), dynamicName("#/$defs/x"), dynamicName("#"), dynamicName("x.json")]).toEqual(["node", "T", undefined, undefined, undefined]);
    expect([initialRef(`#${RECURSIVE_ANCHOR}`), initialRef(`x.json#${RECURSIVE_ANCHOR}`), initialRef("#node")]).toEqual(["#", "x.json#", "#node"]);
  });
});
