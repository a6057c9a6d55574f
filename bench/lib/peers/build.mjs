// Build-time code of the precompiled peers, written next to the generated bench tool: Ajv 8's
// standalone module (strict mode) of the exact schema document the generated validator is built
// from, and typia's `typia generate` output of the hand-written bench/typia/envelope.ts, run with
// TypeScript 5.9 and transpiled to plain ESM with esbuild. Reused while its inputs are unchanged.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { transform } from "esbuild";
import { benchDir, libDir, repoRoot } from "../paths.mjs";

const require = createRequire(import.meta.url);
const TYPIA_SOURCE = join(benchDir, "typia");
export const AJV_STANDALONE_FILE = "ajv-standalone.cjs";
export const TYPIA_FILE = "typia-envelope.mjs";

async function ajvStandalone(meta) {
  const { default: Ajv2020 } = await import("ajv/dist/2020.js");
  const { default: addFormats } = await import("ajv-formats");
  const { default: standaloneCode } = await import("ajv/dist/standalone/index.js");
  // Strict: an unknown keyword, format or ambiguous type fails the build. Only strictRequired is off:
  // the discriminated envelope requires `outcome` at the top and defines it in the oneOf branches.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, discriminator: true, code: { source: true } });
  addFormats(ajv, ["date-time"]);
  ajv.addSchema(meta.schema);
  return standaloneCode(ajv, { validateEnvelope: meta.envelopeRef });
}

/** `typia generate` in a child process whose `require("typescript")` is TypeScript 5.9. */
async function typiaGenerate(outDir) {
  const project = join(outDir, "tsconfig.json");
  const compilerOptions = { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "bundler", skipLibCheck: true, noEmit: true };
  await writeFile(project, JSON.stringify({ compilerOptions, include: [join(TYPIA_SOURCE, "*.ts")] }));
  const cli = join(require.resolve("typia/package.json").replace(/package\.json$/, ""), "lib/executable/typia.js");
  const args = ["--require", join(libDir, "peers/typescript-5.9.cjs"), cli, "generate", "--input", TYPIA_SOURCE, "--output", join(outDir, "typia"), "--project", project];
  await promisify(execFile)(process.execPath, args, { cwd: repoRoot });
  const { code } = await transform(await readFile(join(outDir, "typia/envelope.ts"), "utf8"), { loader: "ts", format: "esm", target: "es2022" });
  return code;
}

async function inputsKey(meta) {
  const hash = createHash("sha256").update(JSON.stringify(meta.schema));
  for (const file of ["typia/envelope.ts", "lib/peers/build.mjs", "lib/peers/typescript-5.9.cjs"]) hash.update(await readFile(join(benchDir, file)));
  for (const pkg of ["typia", "ajv", "typescript-5.9"]) hash.update(require(`${pkg}/package.json`).version);
  return hash.digest("hex");
}

/** Builds both peers into `outDir` (reused when unchanged); returns the build time in ms (0 when reused). */
export async function buildPeers(meta, outDir) {
  const key = await inputsKey(meta);
  const record = join(outDir, "peers.key");
  if ((await readFile(record, "utf8").catch(() => "")) === key) return 0;
  const started = performance.now();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, AJV_STANDALONE_FILE), await ajvStandalone(meta));
  await writeFile(join(outDir, TYPIA_FILE), await typiaGenerate(outDir));
  await writeFile(record, key);
  return performance.now() - started;
}
