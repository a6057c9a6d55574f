import { CHANGE_KINDS, diffContracts, formatDiagnostics, hasErrors, type Diagnostic, type ErrorFormat } from "@toolgate/compiler";
import { stat } from "node:fs/promises";
import { basename, isAbsolute, join, resolve } from "node:path";
import { readSpecTree, type SpecTree } from "./files.js";
import { count } from "./gen.js";
import { readSpecsAtRef } from "./git-specs.js";
import { readInputs } from "./inputs.js";
import { EXIT, type Io } from "./io.js";
import { formatUsageError } from "./usage.js";

export interface DiffOptions {
  /** A git ref (`HEAD`, `main`, `HEAD~1`) or a directory: a checkout holding the specs directory, or a specs directory. */
  readonly against: string;
  readonly specs: string;
  readonly errorFormat: ErrorFormat;
  /** Annotation keywords both sides ignore (the config file's `ignored_keywords`). */
  readonly ignoredKeywords?: readonly string[];
}

const isDirectory = async (path: string): Promise<boolean> => (await stat(path).catch(() => undefined))?.isDirectory() ?? false;

/** The old specs: from a directory when `against` names one, else from a git ref. */
async function readAgainst(options: DiffOptions, label: string): Promise<{ tree?: SpecTree; problem?: string }> {
  if (await isDirectory(options.against)) {
    const nested = isAbsolute(options.specs) ? undefined : join(options.against, options.specs);
    const dir = nested !== undefined && (await isDirectory(nested)) ? nested : options.against;
    return { tree: await readSpecTree(dir, label) };
  }
  return readSpecsAtRef(options.specs, options.against, label);
}

function summary(diagnostics: readonly Diagnostic[], against: string): string {
  const changes = diagnostics.filter((d) => Object.hasOwn(CHANGE_KINDS, d.code));
  const breaking = changes.filter((d) => CHANGE_KINDS[d.code as keyof typeof CHANGE_KINDS].breaking).length;
  const unbumped = diagnostics.filter((d) => d.code === "TG601").length;
  const counts = `${breaking} breaking, ${changes.length - breaking} compatible`;
  const gate = unbumped > 0 ? `; ${count(unbumped, "tool")} without the version bump ${unbumped === 1 ? "it needs" : "they need"}` : "";
  return `toolgate: ${count(changes.length, "contract change")} against ${against} (${counts})${gate}`;
}

/** `toolgate diff --against <ref|dir>`: the breaking-change gate between the old specs and the current ones. */
export async function runDiff(options: DiffOptions, io: Io): Promise<number> {
  const { inputs, problems } = await readInputs(options.specs, undefined);
  if (inputs === undefined) return (io.stderr(formatDiagnostics(problems, options.errorFormat)), EXIT.usage);
  const old = await readAgainst(options, basename(resolve(options.specs)));
  if (old.tree === undefined) return (io.stderr(formatUsageError(`toolgate: ${old.problem}`, options.errorFormat)), EXIT.usage);
  const ignored = options.ignoredKeywords === undefined ? {} : { ignoredKeywords: options.ignoredKeywords };
  const diff = await diffContracts({ ...old.tree, ...ignored }, { ...inputs.tree, ...ignored });
  if (diff.before.length > 0) {
    io.stderr(formatDiagnostics(diff.before, options.errorFormat));
    io.stderr(formatUsageError(`toolgate: the specs at ${options.against} do not compile, so there is nothing to compare with`, options.errorFormat));
    return EXIT.usage;
  }
  if (diff.diagnostics.length > 0) io.stderr(formatDiagnostics(diff.diagnostics, options.errorFormat));
  io.stdout(summary(diff.diagnostics, options.against));
  // A removed tool (TG603) only warns in gen, which compares with the last local generation; a review fails on it.
  return hasErrors(diff.diagnostics) || diff.diagnostics.some((d) => d.code === "TG603") ? EXIT.findings : EXIT.ok;
}
