import type { ErrorFormat } from "@toolgate/compiler";
import { Command, CommanderError, Option } from "commander";
import { runAuditVerify } from "./audit.js";
import { runDiff } from "./diff.js";
import { runGen, type GenOptions } from "./gen.js";
import { EXIT, type Io } from "./io.js";
import { errorFormatOf, formatUsageError } from "./usage.js";
import { watchAndRun, watchTargets } from "./watch.js";

function abortOnSignal(): AbortSignal {
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  process.once("SIGTERM", () => controller.abort());
  return controller.signal;
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
};

async function genAndWatch(options: GenOptions, io: Io): Promise<number> {
  if (options.check) return (io.stderr(formatUsageError("toolgate: --watch and --check cannot be combined", options.errorFormat)), EXIT.usage);
  // A configuration error (no specs, an unreadable hooks module) leaves nothing to watch.
  const first = await runGen(options, io);
  if (first === EXIT.usage) return first;
  await watchAndRun(watchTargets(options.specs, options.hooks), () => runGen(options, io), abortOnSignal(), 100);
  return EXIT.ok;
}

function program(io: Io, errorFormat: ErrorFormat, done: (code: number) => void): Command {
  const cli = new Command("toolgate")
    .description("Compile tool contracts into typed, precompiled adapters for AI agents.")
    .version("0.1.0")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s.trimEnd()),
      writeErr: (s) => io.stderr(s.trimEnd()),
      outputError: (s, write) => write(formatUsageError(s.trimEnd(), errorFormat)),
    });
  cli
    .command("gen")
    .description("compile the specs directory into the output directory")
    .option("--specs <dir>", "directory of tool specs", "specs")
    .option("--out <dir>", "output directory", "generated")
    .option("--hooks <file>", "hooks module (default: <specs>/hooks.ts when present)")
    .option("--check", "write nothing; exit 1 if any generated file is stale, missing or orphaned", false)
    .addOption(new Option("--error-format <format>", "diagnostic format").choices(["text", "json", "github"]).default("text"))
    .option("--quiet", "print only the final line", false)
    .option("--watch", "regenerate whenever a spec or the hooks module changes (Ctrl-C to stop)", false)
    .action(async (opts) => {
      const options: GenOptions = { ...opts, hooks: opts.hooks };
      done(await (opts.watch ? genAndWatch(options, io) : runGen(options, io)));
    });
  cli
    .command("diff")
    .description("classify every contract change against a git ref or another directory's specs; exit 1 on a breaking one without a version bump")
    .requiredOption("--against <ref|dir>", "git ref (HEAD, main, HEAD~1) or directory to compare with")
    .option("--specs <dir>", "directory of tool specs", "specs")
    .addOption(new Option("--error-format <format>", "diagnostic format").choices(["text", "json", "github"]).default("text"))
    .action(async (opts) => done(await runDiff({ against: opts.against, specs: opts.specs, errorFormat: opts.errorFormat }, io)));
  cli
    .command("audit")
    .description("work with audit logs written by openAuditFile / createAuditLog")
    .command("verify")
    .description("check an audit log's chain: form, writer, sequence, links and hashes")
    .argument("<file>", "the audit log (one record per line)")
    .option("--anchor <hash>", "the anchor the chain was started from")
    .option("--head <hash>", "a head hash published elsewhere while the log was written (repeatable)", (hash: string, heads: string[]) => [...heads, hash], [])
    .addOption(new Option("--error-format <format>", "problem format").choices(["text", "json", "github"]).default("text"))
    .action(async (file: string, opts) => done(await runAuditVerify(file, { anchor: opts.anchor, heads: opts.head, errorFormat: opts.errorFormat }, io)));
  return cli;
}

/** Runs the CLI; returns the exit code (0 ok, 1 findings, 2 usage or configuration error, 3 internal error). */
export async function main(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await program(io, errorFormatOf(argv), (c) => (code = c)).parseAsync([...argv], { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    io.stderr(`toolgate: internal error: ${e instanceof Error ? e.message : String(e)}`);
    if (process.env.TOOLGATE_DEBUG) io.stderr(e instanceof Error ? (e.stack ?? "") : "");
    return EXIT.internal;
  }
  return code;
}
