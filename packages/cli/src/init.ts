import type { ErrorFormat } from "@toolgate/compiler";
import { isAbsolute, join, relative, resolve } from "node:path";
import { readFailure, readIfExists, toPosix, writeText } from "./files.js";
import { installedIn, nextSteps, thisRelease } from "./init-next.js";
import { planInit, initPaths, type InitLayout } from "./init-plan.js";
import { EXIT, type Io } from "./io.js";
import { formatUsageError } from "./usage.js";

export interface InitOptions {
  readonly dir: string;
  readonly specs: string;
  readonly out: string;
  readonly errorFormat: ErrorFormat;
}

/** A directory option as a POSIX path inside the package, or undefined when it leaves it. */
function inside(dir: string, path: string): string | undefined {
  const rel = relative(dir, resolve(dir, path));
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? undefined : toPosix(rel);
}

/** The files the plan depends on that exist, by path; or what stopped the read (a --dir that is a file). */
async function readExisting(dir: string, paths: readonly string[]): Promise<Map<string, string> | string> {
  const existing = new Map<string, string>();
  for (const path of paths) {
    try {
      const text = await readIfExists(join(dir, path));
      if (text !== undefined) existing.set(path, text);
    } catch (e) {
      return `toolgate: cannot read ${path} in ${toPosix(dir)}: ${readFailure(e)}`;
    }
  }
  return existing;
}

/** `toolgate init`: plans every file first, writes only when nothing conflicts, and says what it did. */
export async function runInit(options: InitOptions, io: Io): Promise<number> {
  const fail = (message: string): number => (io.stderr(formatUsageError(message, options.errorFormat)), EXIT.usage);
  const dir = resolve(options.dir);
  const specs = inside(dir, options.specs);
  const out = inside(dir, options.out);
  if (specs === undefined) return fail(`toolgate: --specs ${options.specs} must be a directory inside ${toPosix(options.dir)}`);
  if (out === undefined || out === specs) return fail(`toolgate: --out ${options.out} must be a directory inside ${toPosix(options.dir)}, apart from the specs`);
  const layout: InitLayout = { specs, out };
  const existing = await readExisting(dir, initPaths(layout));
  if (typeof existing === "string") return fail(existing);
  const plan = planInit(layout, existing);
  if (plan.conflicts.length > 0) {
    for (const conflict of plan.conflicts) io.stderr(formatUsageError(`toolgate: ${conflict}`, options.errorFormat));
    io.stderr("toolgate: nothing written");
    return EXIT.usage;
  }
  for (const write of plan.writes) {
    const problem = await writeText(join(dir, write.path), write.content).then(() => undefined, (e: unknown) => readFailure(e));
    if (problem !== undefined) return fail(`toolgate: cannot write ${write.path}: ${problem}`);
  }
  for (const line of plan.report) io.stdout(line);
  if (plan.writes.length === 0) io.stdout("toolgate: nothing to do; this package is already set up");
  else io.stdout(nextSteps(installedIn(dir, existing.get("package.json")), await thisRelease()).join("\n"));
  return EXIT.ok;
}
