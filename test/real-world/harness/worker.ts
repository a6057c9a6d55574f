import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { checkCase } from "./check-case.js";
import { loadCorpus } from "./corpus.js";
import { dialectValue } from "./spec.js";

/**
 * The child process of the pool: reads the corpus once, then answers `{ file, id, dir }` messages
 * with the case's row. Run with a heap limit; the parent kills it on a timeout.
 */

export interface Job {
  readonly file: string;
  readonly id: string;
  /** A fresh directory (inside the repo, so generated code resolves @toolgate/runtime). */
  readonly dir: string;
}

const specSchemaPath = join(import.meta.dirname, "../../../packages/spec/toolspec.schema.json");
const specSchema = JSON.parse(await readFile(specSchemaPath, "utf8")) as Record<string, unknown>;
const corpus = await loadCorpus();

process.on("message", (job: Job) => {
  const file = corpus.find((f) => f.name === job.file)!;
  const c = file.cases.find((x) => x.id === job.id)!;
  void checkCase(file, c, job.dir, dialectValue(specSchema, file.draft)).then((row) => process.send!(row));
});
process.send!("ready");
