import type { ErrorFormat } from "@toolgate/compiler";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { runAuditVerify } from "./audit.js";
import { runAuditExplain } from "./audit-explain.js";
import { runCheck } from "./check.js";
import { withProjectConfig } from "./config.js";
import { runDiff } from "./diff.js";
import { runGen, type GenOptions } from "./gen.js";
import { runImportOpenApi } from "./import-openapi.js";
import { runImportSample } from "./import-sample.js";
import { runImportMcp } from "./mcp/import/index.js";
import { DEFAULT_PIN_FILE } from "./mcp/pin.js";
import { runInit } from "./init.js";
import { EXIT, type Io } from "./io.js";
import { runTest } from "./test-command.js";
import { errorFormatOf, formatUsageError } from "./usage.js";
import { projectWatchTargets, watchAndRun } from "./watch.js";

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
  await watchAndRun(() => projectWatchTargets(options.specs, options.hooks), () => runGen(options, io), abortOnSignal(), 100);
  return EXIT.ok;
}

/** `--error-format text|json|github`: every command takes it, for what that command reports. */
const errorFormatOption = (what: string): Option =>
  new Option("--error-format <format>", what).choices(["text", "json", "github"]).default("text");

/** `--jobs <n>`: a positive integer. */
function jobsArgument(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("a positive integer is expected");
  return n;
}

/** `--specs`, `--out`, `--hooks`, `--cache-dir`: where a project's files are; each overrides toolgate.config.{json,yaml}. */
const projectOptions = (command: Command): Command =>
  command
    .option("--specs <dir>", "directory of tool specs (default: the config file's specs, or specs)")
    .option("--out <dir>", "output directory (default: the config file's out, or generated)")
    .option("--hooks <file>", "hooks module (default: the config file's hooks, or <specs>/hooks.ts when present)")
    .option("--cache-dir <dir>", "gen cache directory (default: the config file's cache, or node_modules/.cache/toolgate/gen under the project root)")
    .option("--no-cache", "compile every spec afresh, and keep no cache")
    .option("--jobs <n>", "worker threads for compiling specs (default: the machine's parallelism, at most 8)", jobsArgument);

/** `--max-restarts <n>`: a whole number, zero allowed. */
function restartsArgument(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("a whole number is expected");
  return n;
}

function portArgument(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError("a port number from 0 to 65535 is expected");
  return n;
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
  projectOptions(cli.command("gen").description("compile the specs directory into the output directory"))
    .option("--check", "write nothing; exit 1 if any generated file is stale, missing or orphaned", false)
    .addOption(errorFormatOption("diagnostic format"))
    .option("--quiet", "print only the final line", false)
    .option("--watch", "regenerate whenever a spec or the hooks module changes (Ctrl-C to stop)", false)
    .addOption(new Option("--lint <severity>", "the tool-selection lint's findings (TG51x)").choices(["warning", "error", "off"]).default("warning"))
    .addOption(new Option("--strict-limits <mode>", "a tool list over Anthropic's strict limits: relax tools to strict: false (TG503) or fail (TG530)").choices(["relax", "fail"]).default("relax"))
    .action(async (opts) =>
      done(await withProjectConfig(opts, io, (project) => {
        const options: GenOptions = { ...opts, ...project, hooks: project.hooks };
        return opts.watch ? genAndWatch(options, io) : runGen(options, io);
      })),
    );
  projectOptions(cli
    .command("check")
    .description("run one recorded upstream response through a tool's generated adapter and show each layer's verdict")
    .argument("<tool>", "tool name, or its spec file")
    .argument("<response>", "the recorded response (a file)")
    .option("--input <json>", "the call's input (default: built from the response's bind fields)")
    .option("--now <rfc3339>", "the clock of the call (default: now)"))
    .addOption(errorFormatOption("report format"))
    .action(async (tool: string, response: string, opts) =>
      done(await withProjectConfig(opts, io, (project) => runCheck(tool, { ...opts, ...project, hooks: project.hooks, response }, io))),
    );
  projectOptions(cli
    .command("test")
    .description("run every fixture (specs/<tool>.fixtures/*.yaml) through the generated adapters"))
    .option("--tool <name>", "only this tool's fixtures")
    .addOption(errorFormatOption("report format"))
    .addOption(new Option("--reporter <kind>", "also write a report file").choices(["junit"]))
    .option("--output <file>", "where --reporter writes")
    .action(async (opts) => done(await withProjectConfig(opts, io, (project) => runTest({ ...opts, ...project, hooks: project.hooks }, io))));
  cli
    .command("diff")
    .description("classify every contract change against a git ref or another directory's specs; exit 1 on a breaking one without a version bump")
    .requiredOption("--against <ref|dir>", "git ref (HEAD, main, HEAD~1) or directory to compare with")
    .option("--specs <dir>", "directory of tool specs (default: the config file's specs, or specs)")
    .addOption(errorFormatOption("diagnostic format"))
    .action(async (opts) =>
      done(await withProjectConfig(opts, io, (project) => runDiff({ ...project, against: opts.against, errorFormat: opts.errorFormat }, io))),
    );
  const audit = cli.command("audit").description("work with audit logs written by openAuditFile / createAuditLog");
  audit
    .command("verify")
    .description("check an audit log's chain: form, writer, sequence, links and hashes")
    .argument("<file>", "the audit log (one record per line)")
    .option("--anchor <hash>", "the anchor the chain was started from")
    .option("--head <hash>", "a head hash published elsewhere while the log was written (repeatable)", (hash: string, heads: string[]) => [...heads, hash], [])
    .addOption(errorFormatOption("problem format"))
    .action(async (file: string, opts) => done(await runAuditVerify(file, { anchor: opts.anchor, heads: opts.head, errorFormat: opts.errorFormat }, io)));
  audit
    .command("explain")
    .description("verify the chain up to one call, then show each boundary it reached, its attempts, decision, verdict and outcome")
    .argument("<file>", "the audit log (one record per line)")
    .argument("<request_id...>", "the call's request id (several: each call explained in turn, the chain read once)")
    .option("--anchor <hash>", "the anchor the chain was started from")
    .addOption(errorFormatOption("output and problem format"))
    .action(async (file: string, ids: string[], opts) => done(await runAuditExplain(file, ids, { anchor: opts.anchor, errorFormat: opts.errorFormat }, io)));
  cli
    .command("init")
    .description("set up toolgate in a package: an example spec, its hooks module, .gitattributes and package.json scripts")
    .option("--dir <path>", "the package directory", ".")
    .option("--specs <dir>", "directory of tool specs, inside the package", "specs")
    .option("--out <dir>", "output directory, inside the package", "generated")
    .addOption(errorFormatOption("problem format"))
    .action(async (opts) => done(await runInit(opts, io)));
  // `import openapi` and `import sample` share this parent command.
  const imports = cli.command("import").description("draft specs from what you already have");
  imports
    .command("sample")
    .description("draft a tool spec whose output schema is inferred from recorded responses")
    .argument("<responses...>", "recorded upstream responses (JSON files)")
    .requiredOption("--tool <name>", "the tool's name (lower snake case)")
    .option("--out <dir>", "directory the spec is written to", "specs")
    .option("--input <json>", "a recorded call's arguments, as JSON text (repeatable); infers input", (json: string, all: string[]) => [...all, json], [])
    .option("--force", "replace an existing spec of that name", false)
    .addOption(errorFormatOption("problem format"))
    .action(async (files: string[], opts) => done(await runImportSample(files, opts, io)));
  imports
    .command("openapi")
    .description("draft one spec per operation of a local OpenAPI 3.0/3.1 document (agent_view, retry and checks stay TODO)")
    .argument("<document>", "the OpenAPI document (YAML or JSON)")
    .option("--operation <operationId>", "import only this operation (repeatable)", (id: string, ids: string[]) => [...ids, id], [])
    .option("--out <dir>", "the specs directory to write into", "specs")
    .addOption(errorFormatOption("diagnostic format"))
    .action(async (document: string, opts) => done(await runImportOpenApi(document, { operation: opts.operation, out: opts.out, errorFormat: opts.errorFormat }, io)));
  projectOptions(cli
    .command("mcp-gate")
    .description("serve the specs' tools over stdio in front of an untrusted MCP server: contracts on its results, pinned definitions")
    .argument("<command...>", "the upstream MCP server's command line, after --"))
    .option("--pin <file>", `the pin file (default: ${DEFAULT_PIN_FILE} beside the specs directory)`)
    .option("--no-pin", "run without a pin file: drift goes unchecked (an operator warning says so)")
    .option("--tools <names>", "expose only these tools (comma-separated)")
    .option("--max-restarts <n>", "upstream restarts allowed per minute before calls fail fast", restartsArgument, 3)
    .option("--http <port>", "serve Streamable HTTP on this port (0 picks one) instead of stdio; no sessions, so instances scale out", portArgument)
    .option("--host <address>", "the interface --http listens on (default: 127.0.0.1)")
    .option("--audit <file>", "append every call's boundaries to this hash-chained audit log (check it with `toolgate audit verify`)")
    .option("--otel", "also report each call as an OpenTelemetry span, through the tracer provider your process registers (node --import)")
    .addOption(errorFormatOption("diagnostic format"))
    .action(async (command: string[], opts) =>
      done(await withProjectConfig(opts, io, async (project) => (await import("./mcp/gate/command.js")).runMcpGate({ ...opts, ...project, hooks: project.hooks, command }, io))),
    );
  imports
    .command("mcp")
    .description("draft one spec per tool of an MCP server (stdio) and pin the tools' definitions (agent_view, retry and checks stay TODO)")
    .argument("<command...>", "the server's command and arguments, after --")
    .option("--out <dir>", "the specs directory to write into", "specs")
    .option("--pin <file>", `the pin file toolgate mcp-gate enforces (default: ${DEFAULT_PIN_FILE} beside --out)`)
    .option("--tool <name>", "import only this tool (repeatable)", (name: string, names: string[]) => [...names, name], [])
    .option("--force", "replace existing specs of those tools", false)
    .option("--timeout <ms>", "how long the server may take to start, and to list its tools", jobsArgument, 10_000)
    .addOption(errorFormatOption("diagnostic format"))
    .action(async (command: string[], opts) => done(await runImportMcp(command, opts, io)));
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
