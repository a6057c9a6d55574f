import { diagnostic, FIXTURE_FILE, fixtureTool, parseFixture, quote, type Diagnostic, type FixtureFile } from "@toolgate/compiler";
import { readFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { listFiles } from "./files.js";

export interface FixtureSet {
  readonly fixtures: readonly FixtureFile[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Every `<tool>.fixtures/*.yaml` file of the specs directory, parsed and checked (TG701–TG704),
 * sorted by path; `only` keeps one tool's. Paths read like the compiler's: `specs/<tool>.fixtures/<name>.yaml`.
 */
export async function readFixtures(specs: string, tools: ReadonlySet<string>, only: string | undefined): Promise<FixtureSet> {
  const label = basename(resolve(specs));
  const fixtures: FixtureFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of (await listFiles(specs)).filter((p) => FIXTURE_FILE.test(p))) {
    const tool = fixtureTool(path)!;
    if (only !== undefined && tool !== only) continue;
    const name = `${label}/${path}`;
    if (!tools.has(tool)) {
      diagnostics.push(diagnostic("TG704", { file: name, line: 1, column: 1 }, { tool: quote(tool) }));
      continue;
    }
    const parsed = parseFixture(name, await readFile(join(specs, path), "utf8"));
    diagnostics.push(...parsed.diagnostics);
    if (parsed.fixture) fixtures.push(parsed.fixture);
  }
  return { fixtures, diagnostics };
}
