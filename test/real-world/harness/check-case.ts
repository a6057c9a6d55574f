import { compile } from "@toolgate/compiler";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CorpusCase, CorpusFile, Instance } from "./corpus.js";
import { nearMisses } from "./mutate.js";
import { referenceFor } from "./reference.js";
import { writeFiles } from "../../support/project.js";
import { caseProject, SPEC_PATH, VALIDATOR_PATH, wrapped, WRAPPER } from "./spec.js";

/** One case through the real compiler and its generated validator, judged against the reference. */

export type Status = "compiled" | "rejected" | "crashed" | "timeout";

export interface Row {
  readonly file: string;
  readonly draft: string;
  readonly id: string;
  readonly status: Status;
  /** Error diagnostics (rejected) as `code keyword-or-first-quoted-word`, or the crash's one line. */
  readonly blockers: readonly string[];
  /** Why Ajv could not be the referee for this case, if it could not. */
  readonly referenceError?: string;
  readonly checked: number;
  /** How many of the checked instances the reference rejects (the near misses that really miss). */
  readonly invalid: number;
  readonly wrongAccepts: readonly string[];
  readonly wrongRejects: readonly string[];
}

type Validate = (data: unknown) => boolean;

/** Codes whose subject is always the same keyword, whatever the message quotes. */
const KEYWORD_OF: Readonly<Record<string, string>> = { TG213: "pattern", TG214: "pattern" };

/**
 * What a diagnostic is about, for the blocker table: its code and the keyword or name it is about
 * (the first quoted word of the message), or for TG210 the start of Ajv's own words.
 */
export function blocker(d: { code: string; message: string }): string {
  const keyword = KEYWORD_OF[d.code];
  if (keyword !== undefined) return `${d.code} ${keyword}`;
  if (d.code === "TG210") return `${d.code} ${d.message.replace(/^invalid JSON Schema: /, "").slice(0, 60)}`;
  const named = /"([^"]{1,40})"/.exec(d.message) ?? /keyword (\S{1,40})/.exec(d.message);
  return named ? `${d.code} ${named[1]}` : d.code;
}

const oneLine = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split("\n")[0]!.slice(0, 200);

/** Every instance and the near misses of each one the reference accepts, with the reference verdict. */
export function judged(c: CorpusCase, reference: Validate): { instance: Instance; valid: boolean }[] {
  const originals = c.instances.map((instance) => ({ instance, valid: reference(instance.data) }));
  const misses = originals.filter((o) => o.valid).flatMap((o) => nearMisses(o.instance));
  return [...originals, ...misses.map((instance) => ({ instance, valid: reference(instance.data) }))];
}

/** Writes the tool's generated files (validate.ts re-exports what adapter.ts holds) and imports its validator. */
async function loadValidator(files: readonly { path: string; content: string }[], dir: string): Promise<Validate> {
  await writeFiles(join(dir, "generated"), files.filter((f) => f.path.startsWith(`${dirname(VALIDATOR_PATH)}/`)));
  const path = join(dir, "generated", VALIDATOR_PATH);
  return ((await import(pathToFileURL(path).href)) as { validateOutput: Validate }).validateOutput;
}

export function compare(row: Omit<Row, "checked" | "invalid" | "wrongAccepts" | "wrongRejects">, cases: { instance: Instance; valid: boolean }[], validate: Validate): Row {
  const wrongAccepts: string[] = [];
  const wrongRejects: string[] = [];
  for (const { instance, valid } of cases) {
    let ours: boolean | "threw";
    try {
      ours = validate(instance.data);
    } catch {
      ours = "threw";
    }
    if (ours === "threw") return { ...row, status: "crashed", blockers: [`validator threw on ${instance.origin}`], checked: 0, invalid: 0, wrongAccepts, wrongRejects };
    if (ours && !valid) wrongAccepts.push(instance.origin);
    if (!ours && valid) wrongRejects.push(instance.origin);
  }
  return { ...row, checked: cases.length, invalid: cases.filter((x) => !x.valid).length, wrongAccepts, wrongRejects };
}

export async function checkCase(file: CorpusFile, c: CorpusCase, scratch: string, dialect: string | undefined): Promise<Row> {
  const base = { file: file.name, draft: file.draft, id: c.id, blockers: [] as string[], checked: 0, invalid: 0, wrongAccepts: [], wrongRejects: [] };
  let cases: { instance: Instance; valid: boolean }[] = [];
  let referenceError: string | undefined;
  try {
    cases = judged(c, referenceFor(file)(c.document, c.pointer));
  } catch (e) {
    referenceError = oneLine(e);
  }
  const withRef = referenceError === undefined ? base : { ...base, referenceError };
  let output;
  try {
    output = await compile({ files: caseProject(file, c, dialect), specs: [SPEC_PATH] });
  } catch (e) {
    return { ...withRef, status: "crashed", blockers: [`compile threw ${oneLine(e)}`] };
  }
  const errors = output.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return { ...withRef, status: "rejected", blockers: [...new Set(errors.map(blocker))].sort() };
  if (!output.files.some((f) => f.path === VALIDATOR_PATH)) return { ...withRef, status: "crashed", blockers: [`no ${VALIDATOR_PATH} in the output`] };
  try {
    const validate = await loadValidator(output.files, scratch);
    const outer = wrapped(file, c) ? (data: unknown) => validate({ [WRAPPER]: data }) : validate;
    return compare({ ...withRef, status: "compiled" }, cases, outer);
  } catch (e) {
    return { ...withRef, status: "crashed", blockers: [`generated validator failed to load: ${oneLine(e)}`] };
  }
}
