import { outputDirOf, type ToolSummary } from "@toolgate/compiler/fast";
import { toPosix } from "./files.js";
import { EXIT, type Io } from "./io.js";

/** What gen prints, whether it compiled or found everything unchanged in the cache. */
export interface GenReportOptions {
  readonly out: string;
  readonly quiet: boolean;
}

export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

const summary = (tool: ToolSummary, outLabel: string): string =>
  `${tool.tool} v${tool.version} → ${outLabel}/${outputDirOf(tool)}/ (agent view: ${tool.fields.join(", ")}; ${count(tool.checks, "check")}, ${count(tool.errors, "error code")})`;

export const upToDate = (files: number): string => `toolgate: ${files} generated files are up to date`;

/** A tool line each (unless quiet), then the counts. */
export function reportWritten(tools: readonly ToolSummary[], files: number, written: number, removed: number, options: GenReportOptions, io: Io): number {
  if (!options.quiet) for (const tool of tools) io.stdout(summary(tool, toPosix(options.out)));
  io.stdout(`toolgate: ${tools.length} tools, ${written} files written, ${removed} removed, ${files - written} unchanged`);
  return EXIT.ok;
}
