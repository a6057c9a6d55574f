import { formatDiagnostics, hasErrors, type ErrorFormat } from "@toolgate/compiler";
import { runFixturesAsync, type FixtureRun } from "@toolgate/runtime";
import { readFixtures } from "./fixture-files.js";
import { toPosix, writeText } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { loadAdapters } from "./load-adapters.js";
import type { ProjectPaths } from "./project.js";
import { formatMutationTable, mutationJson, rowFails, toolMutations, type MutationOutcome } from "./mutation-table.js";
import { fixtureRows, formatRuns, junitReport } from "./test-report.js";
import { formatUsageError } from "./usage.js";

export interface TestOptions extends ProjectPaths {
  readonly tool: string | undefined;
  readonly errorFormat: ErrorFormat;
  readonly reporter: "junit" | undefined;
  readonly output: string | undefined;
}

function usage(message: string, options: TestOptions, io: Io): number {
  io.stderr(formatUsageError(`toolgate: ${message}`, options.errorFormat));
  return EXIT.usage;
}

/** `toolgate test`: every fixture through the generated adapters; exit 0 all match, 1 a mismatch or a bad fixture, 2 usage. */
export async function runTest(options: TestOptions, io: Io): Promise<number> {
  if ((options.reporter === undefined) !== (options.output === undefined)) return usage("--reporter junit and --output <file> go together", options, io);
  const loaded = await loadAdapters(options, options.errorFormat, io);
  if (!loaded.ok) return loaded.exit;
  const tools = new Set(loaded.tools.map((t) => t.tool));
  if (options.tool !== undefined && !tools.has(options.tool)) return usage(`no tool ${JSON.stringify(options.tool)} in ${toPosix(options.specs)}`, options, io);
  const { fixtures, diagnostics } = await readFixtures(options.specs, tools, options.tool);
  if (diagnostics.length > 0) io.stderr(formatDiagnostics(diagnostics, options.errorFormat));
  if (hasErrors(diagnostics)) return EXIT.findings;
  const runs = await runFixturesAsync(loaded.adapters, fixtures);
  const selected = loaded.tools.filter((t) => (options.tool ?? t.tool) === t.tool);
  const mutations: MutationOutcome[] = [];
  for (const t of selected) mutations.push(await toolMutations(loaded.adapters[t.tool]!, t, fixtures));
  if (options.errorFormat === "json") io.stdout(JSON.stringify({ fixtures: fixtureRows(runs), mutations: mutationJson(mutations) }, null, 2));
  else printText(runs, mutations, options, io);
  if (options.output !== undefined) await writeText(options.output, junitReport(runs));
  const mutationsFail = mutations.some((m) => "generated" in m && rowFails(m));
  return runs.every((r) => r.ok) && !mutationsFail ? EXIT.ok : EXIT.findings;
}

function printText(runs: readonly FixtureRun[], mutations: readonly MutationOutcome[], options: TestOptions, io: Io): void {
  const { lines, problems } = formatRuns(runs, options.errorFormat);
  for (const line of problems) io.stderr(line);
  for (const line of lines) io.stdout(line);
  const without = mutations.map((m) => m.tool).filter((t) => !runs.some((r) => r.fixture.tool === t));
  if (without.length > 0) io.stdout(`toolgate: no fixtures for ${without.join(", ")} (add ${toPosix(options.specs)}/<tool>.fixtures/<name>.yaml)`);
  io.stdout("near-miss mutations:");
  for (const line of formatMutationTable(mutations)) io.stdout(line);
}
