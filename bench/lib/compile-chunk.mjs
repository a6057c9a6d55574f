// Compiles some specs with some of the compiler's emitters and writes the output as JavaScript.
// Runs in the main thread and in build workers alike.
import { compile, formatDiagnostics, hasErrors } from "@toolgate/compiler";
import { transform } from "esbuild";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * esbuild only strips types (no bundling, no minifying), so node loads the generated modules
 * without a TypeScript loader, as a user's build would ship them.
 */
async function toJavaScript(file) {
  if (!file.path.endsWith(".ts")) return { path: file.path, content: file.content };
  const { code } = await transform(file.content, { loader: "ts", format: "esm", target: "node20" });
  return { path: file.path.replace(/\.ts$/, ".js"), content: code };
}

/** Returns the compile time, the transpile time and what was written (paths relative to outDir). */
export async function compileChunk({ files, specs, emitters, outDir, label }) {
  const started = performance.now();
  const result = await compile({ files, specs, outDir: label }, emitters);
  if (hasErrors(result.diagnostics)) throw new Error(`bench specs do not compile:\n${formatDiagnostics(result.diagnostics, "text")}`);
  const compiled = performance.now();
  const written = await Promise.all(result.files.map(toJavaScript));
  for (const file of written) {
    await mkdir(dirname(join(outDir, file.path)), { recursive: true });
    await writeFile(join(outDir, file.path), file.content);
  }
  return {
    compileMs: compiled - started,
    transpileMs: performance.now() - compiled,
    files: written.map((f) => ({ path: f.path, bytes: Buffer.byteLength(f.content) })),
    tools: result.tools,
  };
}
