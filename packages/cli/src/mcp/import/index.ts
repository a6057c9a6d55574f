import { formatDiagnostics, hasErrors, importMcp, type ErrorFormat } from "@toolgate/compiler";
import { join } from "node:path";
import { specsDirOf } from "../../import-sample.js";
import { listFiles, readFailure, toPosix, writeText } from "../../files.js";
import { EXIT, type Io } from "../../io.js";
import { formatUsageError } from "../../usage.js";
import { defaultPinPath, pinFileOf, renderPinFile, type UpstreamTool } from "../pin.js";
import { listUpstreamTools } from "./list.js";

export interface ImportMcpOptions {
  readonly out: string;
  /** Default: beside the specs directory, where `toolgate mcp-gate` looks for it. */
  readonly pin?: string;
  readonly tool: readonly string[];
  readonly force: boolean;
  readonly timeout: number;
  readonly errorFormat: ErrorFormat;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * `toolgate import mcp -- <command> [args…]`: drafts one spec per tool the server lists and pins
 * exactly those tools' definitions; writes nothing when anything is wrong.
 */
export async function runImportMcp(command: readonly string[], options: ImportMcpOptions, io: Io): Promise<number> {
  const [program, ...args] = command;
  if (program === undefined) return (io.stderr(formatUsageError("toolgate: import mcp needs the server's command after --", options.errorFormat)), EXIT.usage);
  const listing = await listUpstreamTools({ command: program, args, timeoutMs: options.timeout });
  if ("failure" in listing) return (io.stderr(formatDiagnostics([listing.failure], options.errorFormat)), EXIT.usage);
  const existing = await listFiles(options.out).then((files) => new Set(files), (e: unknown) => readFailure(e));
  if (typeof existing === "string") return (io.stderr(formatUsageError(`toolgate: cannot read ${toPosix(options.out)}: ${existing}`, options.errorFormat)), EXIT.usage);
  const out = toPosix(options.out).replace(/\/$/, "");
  const result = importMcp({ server: listing.server, tools: listing.tools, only: options.tool, existing, out, force: options.force, specsDir: await specsDirOf(options.out) });
  if (result.diagnostics.length > 0) io.stderr(formatDiagnostics(result.diagnostics, options.errorFormat));
  if (hasErrors(result.diagnostics)) return EXIT.usage;
  if (result.imported.length === 0) {
    io.stdout("toolgate: no tool of the server could be drafted; nothing written");
    return EXIT.findings;
  }
  const pinPath = options.pin ?? defaultPinPath(options.out);
  const pin = pinFileOf(listing.server, result.imported.map((i) => listing.tools[i] as UpstreamTool));
  try {
    for (const file of result.files) await writeText(join(options.out, file.path), file.content);
    await writeText(pinPath, renderPinFile(pin));
  } catch (e) {
    return (io.stderr(formatUsageError(`toolgate: cannot write: ${readFailure(e)}`, options.errorFormat)), EXIT.usage);
  }
  for (const line of result.report) io.stdout(`${out}/${line}`);
  io.stdout(`${toPosix(pinPath)}: ${plural(result.imported.length, "tool")} pinned`);
  io.stdout(`toolgate: ${plural(result.imported.length, "spec")} from ${plural(listing.tools.length, "listed tool")}; run \`npx toolgate gen\` to see the decisions left to you`);
  return EXIT.ok;
}
