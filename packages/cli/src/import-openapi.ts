import { formatDiagnostics, hasErrors, importOpenApi, referencedFiles, type ErrorFormat } from "@toolgate/compiler";
import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { listFiles, readFailure, toPosix, writeText } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { formatUsageError } from "./usage.js";
import { specsDirOf } from "./import-sample.js";

export interface ImportOpenApiOptions {
  readonly operation: readonly string[];
  readonly out: string;
  readonly errorFormat: ErrorFormat;
}

interface DocumentFiles {
  readonly texts: Map<string, string>;
  readonly unreadable: Map<string, string>;
}

/** The document and every local file its `$ref`s reach, transitively; the document itself must be readable. */
async function readDocumentFiles(document: string): Promise<DocumentFiles> {
  const files: DocumentFiles = { texts: new Map(), unreadable: new Map() };
  const queue = [document];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (files.texts.has(path) || files.unreadable.has(path)) continue;
    try {
      const text = await readFile(path, "utf8");
      files.texts.set(path, text);
      queue.push(...referencedFiles(path, text));
    } catch (e) {
      files.unreadable.set(path, readFailure(e));
    }
  }
  return files;
}

/** The specs and schema files already in the output directory, by path relative to it. */
async function readExisting(out: string): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  for (const path of await listFiles(out)) if (/\.(ya?ml|json)$/.test(path)) existing.set(path, await readFile(join(out, path), "utf8"));
  return existing;
}

/** `toolgate import openapi`: drafts specs from a local OpenAPI document; writes nothing when anything is wrong. */
export async function runImportOpenApi(documentArg: string, options: ImportOpenApiOptions, io: Io): Promise<number> {
  const document = posix.normalize(toPosix(documentArg));
  const files = await readDocumentFiles(document);
  const missing = files.unreadable.get(document);
  if (missing !== undefined) {
    io.stderr(formatUsageError(`toolgate: cannot read ${document}: ${missing}`, options.errorFormat));
    return EXIT.usage;
  }
  const result = importOpenApi({ document, files: files.texts, unreadable: files.unreadable, operations: options.operation, existing: await readExisting(options.out), specsDir: await specsDirOf(options.out) });
  if (result.diagnostics.length > 0) io.stderr(formatDiagnostics(result.diagnostics, options.errorFormat));
  if (hasErrors(result.diagnostics)) return EXIT.usage;
  for (const file of result.files) await writeText(join(options.out, file.path), file.content);
  const outLabel = toPosix(options.out).replace(/\/$/, "");
  for (const line of result.report) io.stdout(`${outLabel}/${line}`);
  if (result.drafted === 0) {
    io.stdout(`toolgate: no operation of ${document} could be drafted; nothing written`);
    return EXIT.findings;
  }
  io.stdout(`toolgate: ${result.drafted} spec${result.drafted === 1 ? "" : "s"} from ${document}, ${result.files.length} file${result.files.length === 1 ? "" : "s"} written; run \`npx toolgate gen\` to see the decisions left to you`);
  return EXIT.ok;
}
