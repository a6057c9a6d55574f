import { describe, expect, it } from "vitest";
import { _, join } from "./code.js";
import { generated, GeneratedFile, namespace, runtime, runtimeType } from "./file.js";

describe("GeneratedFile", () => {
  it("prints each module once: packages first, then relative paths, names sorted, values before types", () => {
    const file = new GeneratedFile("a/adapter.ts", "specs/a.yaml");
    const uses = [
      file.import(generated("a/validate.ts", "validateOutput")),
      file.import(runtime("errorTable")),
      file.import(generated("a/types.ts", "AInput", true)),
      file.import(runtimeType("AgentResult")),
      file.import(runtime("createAdapter")),
      file.import(runtime("errorTable")),
      file.import(generated("a/validate.ts", "validateInput")),
      file.import(namespace("../specs/hooks.js", "hooks")),
    ];
    file.write(_`export const x = [${join(uses, ", ")}];`);
    expect(file.content).toBe(
      [
        'import { createAdapter, errorTable, type AgentResult } from "@toolgate/runtime";',
        'import * as hooks from "../../specs/hooks.js";',
        'import type { AInput } from "./types.js";',
        'import { validateInput, validateOutput } from "./validate.js";',
        "",
        "export const x = [validateOutput, errorTable, AInput, AgentResult, createAdapter, errorTable, validateInput, hooks];",
      ].join("\n"),
    );
  });

  it("keeps every `..` of a module above the output directory (hooks two levels up, as with --out src/generated)", () => {
    const file = new GeneratedFile("a/adapter.ts", "specs/a.yaml");
    file.write(_`export const x = ${file.import(namespace("../../contracts/hooks.ts", "hooks"))};`);
    expect(file.content.split("\n")[0]).toBe('import * as hooks from "../../../contracts/hooks.js";');
  });

  it("aliases an import whose name the file already binds, and every use gets the alias", () => {
    const file = new GeneratedFile("path_segment/adapter.ts", undefined);
    const own = file.name("pathSegment");
    const helper = file.import(runtime("pathSegment"));
    expect([own.toString(), helper.toString(), file.import(runtime("pathSegment")).toString()]).toEqual(["pathSegment", "pathSegment2", "pathSegment2"]);
    expect(file.content).toBe('import { pathSegment as pathSegment2 } from "@toolgate/runtime";\n\n');
  });

  it("imports a name as a value once any part needs the value", () => {
    const file = new GeneratedFile("a/x.ts", undefined);
    file.import(runtimeType("UndeclaredMembers"));
    file.import(runtime("UndeclaredMembers"));
    expect(file.content).toBe('import { UndeclaredMembers } from "@toolgate/runtime";\n\n');
  });

  it("refers to a generated file by its path relative to the importing one", () => {
    const file = new GeneratedFile("index.ts", undefined);
    file.import(generated("a/adapter.ts", "a"));
    expect(file.content).toBe('import { a } from "./a/adapter.js";\n\n');
  });

  it("treats a second declaration of one name as a compiler bug", () => {
    const file = new GeneratedFile("a/x.ts", undefined);
    file.import(runtime("createAdapter"));
    expect(() => file.name("createAdapter")).toThrow("a/x.ts binds createAdapter twice");
  });
});
