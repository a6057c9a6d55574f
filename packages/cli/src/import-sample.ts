import { draftSampleSpec, TODO, type ErrorFormat, type RecordedResponse } from "@toolgate/compiler";
import { readFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { readFailure, readIfExists, toPosix, writeText } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { readSample } from "./json-sample.js";
import { formatUsageError } from "./usage.js";

export interface ImportSampleOptions {
  readonly tool: string;
  readonly out: string;
  /** Recorded arguments of the call, each a JSON text. */
  readonly input: readonly string[];
  readonly force: boolean;
  readonly errorFormat: ErrorFormat;
}

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** A problem to report as a usage error (exit 2), as opposed to a value read. */
type Problem = { readonly problem: string };
const isProblem = (value: unknown): value is Problem => typeof value === "object" && value !== null && "problem" in value;

async function readResponse(path: string): Promise<RecordedResponse | Problem> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    return { problem: `toolgate: cannot read ${toPosix(path)}: ${readFailure(e)}` };
  }
  const read = readSample(bytes);
  if (!read.ok) return { problem: `toolgate: ${toPosix(path)}:${read.line}:${read.column}: invalid JSON sample: ${read.message}` };
  return { name: basename(path), value: read.value, bytes: bytes.length };
}

function readInput(text: string, index: number): { value: unknown } | Problem {
  const read = readSample(new TextEncoder().encode(text));
  return read.ok ? { value: read.value } : { problem: `toolgate: --input #${index + 1}:${read.line}:${read.column}: invalid JSON: ${read.message}` };
}

/** The directory holding package.json at or above `dir` (where node_modules is), else the working directory. */
async function packageRoot(dir: string): Promise<string> {
  for (let at = dir; ; at = dirname(at)) {
    if ((await readIfExists(join(at, "package.json"))) !== undefined) return at;
    if (dirname(at) === at) return process.cwd();
  }
}

/** A spec directory relative to its package root, where node_modules (and so the spec schema) is: what the modeline needs. */
export async function specsDirOf(dir: string): Promise<string> {
  const outDir = resolve(dir);
  return toPosix(relative(await packageRoot(outDir), outDir));
}

/** Writes the draft unless a spec is there (or --force); the modeline needs the spec's directory relative to the package. */
async function writeDraft(target: string, force: boolean, draft: (specsDir: string) => string): Promise<string | undefined> {
  try {
    if (!force && (await readIfExists(target)) !== undefined) return `toolgate: ${toPosix(target)} exists; a reviewed spec holds decisions a draft would lose (pass --force to replace it)`;
    await writeText(target, draft(await specsDirOf(dirname(target))));
    return undefined;
  } catch (e) {
    return `toolgate: cannot write ${toPosix(target)}: ${readFailure(e)}`;
  }
}

const todoKeys = (inputs: readonly unknown[]): string[] => Object.keys(TODO).filter((key) => key !== "input" || inputs.length === 0);

/** `toolgate import sample`: drafts `<out>/<tool>.yaml` from recorded responses; refuses to replace a spec unless --force. */
export async function runImportSample(files: readonly string[], options: ImportSampleOptions, io: Io): Promise<number> {
  const fail = (message: string): number => (io.stderr(formatUsageError(message, options.errorFormat)), EXIT.usage);
  if (!TOOL_NAME.test(options.tool)) return fail(`toolgate: --tool ${JSON.stringify(options.tool)} is not a tool name (lower snake case, at most 64 characters)`);
  const target = join(options.out, `${options.tool}.yaml`);
  const responses: RecordedResponse[] = [];
  for (const file of files) {
    const read = await readResponse(file);
    if (isProblem(read)) return fail(read.problem);
    responses.push(read);
  }
  const inputs: unknown[] = [];
  for (const read of options.input.map(readInput)) {
    if (isProblem(read)) return fail(read.problem);
    inputs.push(read.value);
  }
  const problem = await writeDraft(target, options.force, (specsDir) => draftSampleSpec({ tool: options.tool, responses, inputs, specsDir }));
  if (problem !== undefined) return fail(problem);
  io.stdout(`toolgate: drafted ${toPosix(target)} from ${responses.length} recorded response${responses.length === 1 ? "" : "s"}`);
  io.stdout(`  to decide (TODO): ${todoKeys(inputs).join(", ")}; review the inferred bounds`);
  io.stdout(`  then: npx toolgate gen`);
  return EXIT.ok;
}
