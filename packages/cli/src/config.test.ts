import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProjectConfig, parseProjectConfig } from "./config.js";

const where = (d: { code: string; file: string; line: number; column: number; message: string }) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`;

describe("parseProjectConfig", () => {
  it("resolves every path against the config file's directory", () => {
    const text = "specs: contracts/tools\nout: src/generated\nhooks: src/hooks.ts\ncache: .cache/toolgate\nignored_keywords: [propertyOrder, tsType]\n";
    expect(parseProjectConfig("pkg", "toolgate.config.yaml", text)).toEqual({
      settings: { specs: "pkg/contracts/tools", out: "pkg/src/generated", hooks: "pkg/src/hooks.ts", cacheDir: "pkg/.cache/toolgate", ignoredKeywords: ["propertyOrder", "tsType"] },
      diagnostics: [],
    });
  });

  it("flags an unknown key (with the key meant), a wrong value and an asserting keyword at line:col", () => {
    const text = "spec: contracts\nout: 3\nignored_keywords: [propertyOrder, maxLength, \"\"]\n";
    const { diagnostics } = parseProjectConfig(".", "toolgate.config.yaml", text);
    expect(diagnostics.map(where)).toEqual([
      'toolgate.config.yaml:1:1 TG132 unknown config key "spec" (did you mean "specs"?)',
      "toolgate.config.yaml:2:1 TG133 invalid value for out: expected a path",
      'toolgate.config.yaml:3:35 TG134 ignored_keywords lists "maxLength", which toolgate validates with or resolves references through',
      "toolgate.config.yaml:3:46 TG133 invalid value for ignored_keywords: expected a keyword name",
    ]);
  });

  it("reads JSON with positions, and refuses a config that is no mapping or no valid YAML", () => {
    const json = parseProjectConfig(".", "toolgate.config.json", '{\n  "specs": "contracts",\n  "outt": "gen"\n}\n');
    expect(json.diagnostics.map(where)).toEqual(['toolgate.config.json:3:3 TG132 unknown config key "outt" (did you mean "out"?)']);
    expect(parseProjectConfig(".", "toolgate.config.yaml", "- specs\n").diagnostics.map((d) => d.code)).toEqual(["TG131"]);
    expect(parseProjectConfig(".", "toolgate.config.yaml", "specs: a\nspecs: b\n").diagnostics.map((d) => d.code)).toEqual(["TG102"]);
  });
});

describe("loadProjectConfig", () => {
  const inDir = async (files: Record<string, string>, test: (dir: string) => void) => {
    const dir = await mkdtemp(join(tmpdir(), "toolgate-config-"));
    try {
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      test(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it("gives the defaults without a config file, and the file's settings over them", async () => {
    await inDir({}, (dir) => expect(loadProjectConfig(dir)).toEqual({ specs: "specs", out: "generated", diagnostics: [] }));
    await inDir({ "toolgate.config.json": '{ "out": "gen" }' }, (dir) => expect(loadProjectConfig(dir)).toEqual({ specs: "specs", out: join(dir, "gen"), diagnostics: [] }));
  });

  it("refuses two config files (TG130)", async () => {
    await inDir({ "toolgate.config.json": "{}", "toolgate.config.yaml": "{}\n" }, (dir) =>
      expect(loadProjectConfig(dir).diagnostics.map(where)).toEqual(["toolgate.config.yaml:1:1 TG130 toolgate.config.yaml and toolgate.config.json both configure this project"]),
    );
  });
});
