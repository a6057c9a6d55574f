import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { compilerSalt } from "./gen-cache.js";

it("changes the compiler salt with the compiler's version and with any byte of its code, not with its declarations, maps or build info", async () => {
  const root = await mkdtemp(join(tmpdir(), "toolgate-salt-"));
  try {
    await mkdir(join(root, "dist", "emit"), { recursive: true });
    await writeFile(join(root, "package.json"), '{ "version": "0.1.0" }');
    await writeFile(join(root, "dist", "index.js"), "export {};\n");
    await writeFile(join(root, "dist", "emit", "types.js"), "export const a = 1;\n");
    const salt = await compilerSalt(join(root, "dist"));
    expect(await compilerSalt(join(root, "dist"))).toBe(salt);
    await writeFile(join(root, "dist", "emit", "types.js"), "export const a = 2;\n");
    const rebuilt = await compilerSalt(join(root, "dist"));
    expect(rebuilt).not.toBe(salt);
    // What cannot change the output does not change the salt.
    await writeFile(join(root, "dist", "emit", "types.d.ts"), "export declare const a: number;\n");
    await writeFile(join(root, "dist", "emit", "types.js.map"), "{}\n");
    await writeFile(join(root, "dist", ".tsbuildinfo"), "{}\n");
    expect(await compilerSalt(join(root, "dist"))).toBe(rebuilt);
    await writeFile(join(root, "package.json"), '{ "version": "0.2.0" }');
    expect(await compilerSalt(join(root, "dist"))).not.toBe(rebuilt);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
