import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";

/** The committed real-world corpus (test/real-world/corpus) and its reading. */

export const CORPUS_DIR = resolve(import.meta.dirname, "../corpus");
export const SHARED_TESTDATA = resolve(import.meta.dirname, "../../../../shared/testdata");

export type Draft = "draft-04" | "draft-06" | "draft-07" | "2019-09" | "2020-12" | "openapi-3.0" | "openapi-3.1";

export interface Instance {
  /** Where it comes from: the package file, or the mutation applied to one. */
  readonly origin: string;
  readonly data: unknown;
}

export interface CorpusCase {
  readonly id: string;
  /** The document the case's schema lives in, and a JSON pointer to the schema ("" = the document). */
  readonly document: string;
  readonly pointer: string;
  readonly instances: readonly Instance[];
  /** A glob (`dir/*.suffix`) of YAML instances under ../shared/testdata, read at run time. */
  readonly sharedInstances?: string;
}

export interface CorpusFile {
  readonly name: string;
  readonly draft: Draft;
  readonly documents: Readonly<Record<string, unknown>>;
  readonly cases: readonly CorpusCase[];
}

export async function loadCorpus(dir = CORPUS_DIR): Promise<CorpusFile[]> {
  const names = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  return Promise.all(
    names.map(async (f) => {
      const body = JSON.parse(await readFile(join(dir, f), "utf8")) as Omit<CorpusFile, "name">;
      const cases = await Promise.all(body.cases.map(withSharedInstances));
      return { name: f.slice(0, -".json".length), draft: body.draft, documents: body.documents, cases };
    }),
  );
}

async function withSharedInstances(c: CorpusCase): Promise<CorpusCase> {
  if (c.sharedInstances === undefined) return c;
  const [dir, suffix] = c.sharedInstances.split("/*");
  const files = (await readdir(join(SHARED_TESTDATA, dir!))).filter((f) => f.endsWith(suffix!)).sort();
  const extra = await Promise.all(files.map(async (f) => ({ origin: `../shared/testdata/${dir}/${f}`, data: parseYaml(await readFile(join(SHARED_TESTDATA, dir!, f), "utf8")) as unknown })));
  return { ...c, instances: [...c.instances, ...extra] };
}
