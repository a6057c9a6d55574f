import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { compile, DEFAULT_EMITTERS, type CompileInput } from "../compile.js";
import { DEFAULT_EMITTER_KEYS, emitterKeys } from "./keys.js";
import { seal, unseal, type GenCache } from "./seal.js";

const SPECS = resolve(import.meta.dirname, "../../../../specs");

/** The example specs (and their shared schemas), as the CLI reads them. */
function exampleInput(): CompileInput {
  const files = new Map<string, string>();
  for (const name of readdirSync(SPECS).filter((n) => n.endsWith(".yaml"))) files.set(`specs/${name}`, readFileSync(join(SPECS, name), "utf8"));
  files.set("specs/schemas/common.yaml", readFileSync(join(SPECS, "schemas/common.yaml"), "utf8"));
  const specs = [...files.keys()].filter((p) => !p.includes("/schemas/"));
  return { files, specs, hooks: { path: "specs/hooks.ts", text: readFileSync(join(SPECS, "hooks.ts"), "utf8") } };
}

/** An in-memory cache that counts the entries it hands back. */
function memoryCache(salt: string, store = new Map<string, Uint8Array>()): GenCache & { hits: number; store: Map<string, Uint8Array> } {
  const cache = {
    salt,
    store,
    hits: 0,
    get: async (key: string) => {
      const bytes = store.get(key);
      if (bytes !== undefined) cache.hits++;
      return bytes;
    },
    put: async (key: string, bytes: Uint8Array) => void store.set(key, bytes),
  };
  return cache;
}

it("gives the same output from the cache as without it, and a new compiler salt invalidates every entry", async () => {
  const input = exampleInput();
  const uncached = await compile(input);
  const first = memoryCache("compiler 1");
  expect(await compile({ ...input, cache: first })).toEqual(uncached);
  expect(first.hits).toBe(0);
  expect(await compile({ ...input, cache: first })).toEqual(uncached);
  expect(first.hits).toBeGreaterThanOrEqual(input.specs.length);
  const upgraded = memoryCache("compiler 2", first.store);
  expect(await compile({ ...input, cache: upgraded })).toEqual(uncached);
  expect(upgraded.hits).toBe(0);
}, 300_000);

it("recompiles a spec whose $ref'd file changed", async () => {
  const input = exampleInput();
  const cache = memoryCache("compiler 1");
  await compile({ ...input, cache });
  const files = new Map(input.files);
  files.set("specs/schemas/common.yaml", files.get("specs/schemas/common.yaml")!.replace("A project slug.", "A project slug, edited."));
  expect(await compile({ ...input, files, cache })).toEqual(await compile({ ...input, files }));
}, 300_000);

it("seals values behind a checksum: a changed byte or a truncation reads as a miss", () => {
  const bytes = seal({ text: "generated", n: Infinity, missing: undefined });
  expect(unseal(bytes)).toEqual({ text: "generated", n: Infinity, missing: undefined });
  for (let i = 0; i < bytes.length; i++) {
    const damaged = Uint8Array.from(bytes);
    damaged[i] = damaged[i]! ^ 1;
    expect(unseal(damaged)).toBeUndefined();
  }
  expect(unseal(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
  expect(unseal(new Uint8Array())).toBeUndefined();
});

it("spells out the default emitters' keys as the emitters name themselves", () => {
  expect(DEFAULT_EMITTER_KEYS).toEqual(emitterKeys(DEFAULT_EMITTERS));
});
