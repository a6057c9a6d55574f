import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuiltCli } from "./support/built-cli.js";
import { gitRepo, type GitRepo } from "./support/git-repo.js";
import { tempDir } from "./support/project.js";

// One spec with something of every kind the gate compares: input and output bounds, an enum, a
// pattern, an open nested object, a list, errors (one declared with its action), limits, checks.
const spec = (tool: string): string => `tool: ${tool}
version: 1
description: Reports the state of one probe.
input:
  type: object
  required: [id]
  properties:
    id: { type: string, maxLength: 16 }
    mode: { enum: [fast, full] }
output:
  type: object
  required: [id, state, observed_at]
  properties:
    id: { type: string, maxLength: 16 }
    state: { enum: [ok, degraded, down] }
    note: { type: string, maxLength: 200, pattern: "^[a-z ]*$" }
    observed_at: { type: string, format: date-time }
    count: { type: integer, minimum: 0, maximum: 1000 }
    tags: { type: array, items: { type: string, maxLength: 20 }, maxItems: 10 }
    meta: { type: object, properties: { zone: { type: string, maxLength: 20 } }, additionalProperties: true }
agent_view: [id, state, note, observed_at]
errors:
  - NOT_FOUND
  - UPSTREAM_UNAVAILABLE
  - { code: PROBE_BUSY, action: retry_after_delay, retryable: true, message: The probe is busy. }
limits: { max_bytes: 8KiB, max_depth: 4 }
checks:
  - bind: id
  - fresh: { field: observed_at, max_age: 1m, max_future: 5s }
retry: { class: safe, max_attempts: 2, budget: 5s, on: [UPSTREAM_UNAVAILABLE] }
upstream: { envelope: false, kind: http, operation: get_probe, method: GET, path: "/probes/{id}" }
`;
const BASE = spec("probe");

const edit = (from: string, to: string) => (text: string): string => {
  if (!text.includes(from)) throw new Error(`the base spec has no ${from}`);
  return text.replace(from, to);
};

// [category, code, edit]: one per category of the issue, agent-facing then upstream-facing.
const CATEGORIES: [string, string, (t: string) => string][] = [
  ["a field removed from the view", "TG610", edit("agent_view: [id, state, note, observed_at]", "agent_view: [id, state, observed_at]")],
  ["a field added to the view", "TG611", edit("agent_view: [id, state, note, observed_at]", "agent_view: [id, state, note, observed_at, count]")],
  ["an enum value added to the view", "TG612", edit("state: { enum: [ok, degraded, down] }", "state: { enum: [ok, degraded, down, paused] }")],
  ["an input field made required", "TG620", edit("required: [id]\n", "required: [id, mode]\n")],
  ["an input enum narrowed", "TG621", edit("mode: { enum: [fast, full] }", "mode: { enum: [fast] }")],
  ["an input maxLength lowered", "TG622", edit("id: { type: string, maxLength: 16 }\n    mode", "id: { type: string, maxLength: 8 }\n    mode")],
  ["an error code removed", "TG630", edit("  - NOT_FOUND\n", "")],
  ["an error action changed", "TG631", edit("action: retry_after_delay, retryable: true", "action: stop_and_report, retryable: false")],
  ["a new required output field", "TG640", edit("required: [id, state, observed_at]", "required: [id, state, observed_at, count]")],
  ["an output enum narrowed", "TG641", edit("state: { enum: [ok, degraded, down] }", "state: { enum: [ok, degraded] }")],
  ["an output type changed", "TG641", edit("count: { type: integer,", "count: { type: string,")],
  ["a tighter output maxLength", "TG642", edit("maxLength: 200", "maxLength: 100")],
  ["a tighter output maximum", "TG642", edit("maximum: 1000", "maximum: 500")],
  ["a changed output pattern", "TG642", edit('pattern: "^[a-z ]*$"', 'pattern: "^[a-z]*$"')],
  ["a tighter output maxItems", "TG642", edit("maxItems: 10", "maxItems: 5")],
  ["an output object closed", "TG643", edit(", additionalProperties: true }", " }")],
  ["a limit lowered", "TG650", edit("max_bytes: 8KiB", "max_bytes: 4KiB")],
  ["a fresh window shortened", "TG651", edit("max_age: 1m", "max_age: 30s")],
  // The rendered tool definitions, and the tool's name.
  ["strict mode turned off (`not` is outside OpenAI's and Anthropic's subsets)", "TG659", edit("id: { type: string, maxLength: 16 }\n    mode", 'id: { type: string, maxLength: 16, not: { const: "-" } }\n    mode')],
  ["annotations readOnly → destructive", "TG663", edit("retry: { class: safe,", "retry: { class: idempotent,")],
  ["a tool renamed in its spec file", "TG658", (t) => t.replace(/^tool: (\w+)$/m, "tool: $1_renamed")],
];

const bumped = (text: string): string => text.replace("version: 1\n", "version: 2\n");

interface Diagnostic {
  readonly code: string;
  readonly severity: string;
  readonly file: string;
  readonly message: string;
}

// Every category in one repository, one tool per category, so two runs of the CLI cover them all:
// each tool is compared on its own, so each file's diagnostics are that category's outcome.
describe("toolgate diff classifies each category, breaking without a bump and passing with one", () => {
  const file = (i: number): string => `specs/category_${i}.yaml`;
  let unbumped: { code: number; diagnostics: Diagnostic[] };
  let bumpedRun: { code: number; diagnostics: Diagnostic[] };

  beforeAll(async () => {
    const repo = await gitRepo("diff-categories");
    try {
      const each = (text: (i: number) => string) => Promise.all(CATEGORIES.map((_c, i) => repo.write(file(i), text(i))));
      const run = async () => {
        const out = await runBuiltCli(repo.dir, "diff", "--against", "HEAD", "--error-format", "json");
        return { code: out.code, diagnostics: JSON.parse(out.stderr) as Diagnostic[] };
      };
      await each((i) => spec(`category_${i}`));
      repo.commit("one tool per category");
      await each((i) => CATEGORIES[i]![2](spec(`category_${i}`)));
      unbumped = await run();
      await each((i) => bumped(CATEGORIES[i]![2](spec(`category_${i}`))));
      bumpedRun = await run();
    } finally {
      await repo.dispose();
    }
    // Two runs over 36 specs, on a loaded CI machine.
  }, 240_000);

  it("exits 1 while any is unbumped, 0 once every tool's version went up", async () => {
    expect(unbumped.code).toBe(1);
    expect(bumpedRun.code).toBe(0);
  });

  it.each(CATEGORIES.map(([name, code], i) => [name, code, i] as const))("%s (%s)", (_name, code, i) => {
    const of = (run: { diagnostics: Diagnostic[] }) => run.diagnostics.filter((d) => d.file === file(i));
    const gate = of(unbumped).find((d) => d.code === "TG601");
    expect(gate, JSON.stringify(of(unbumped))).toMatchObject({ severity: "error" });
    expect(gate!.message).toContain(`(${code})`);
    expect(of(unbumped).find((d) => d.code === code)).toMatchObject({ severity: "info" });
    expect(of(bumpedRun).map((d) => d.code)).not.toContain("TG601");
    expect(of(bumpedRun).find((d) => d.code === code)).toMatchObject({ severity: "info" });
  });
});

describe("toolgate diff --against <git-ref>", { timeout: 180_000 }, () => {
  let repo: GitRepo;
  const writeSpec = (text: string) => repo.write("specs/probe.yaml", text);

  beforeAll(async () => {
    repo = await gitRepo("diff-gate");
    await writeSpec(BASE);
    repo.commit("probe v1");
  });
  afterAll(() => repo.dispose());

  it("finds nothing to report against HEAD when nothing changed", async () => {
    const out = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(out).toMatchObject({ code: 0, stderr: "", stdout: "toolgate: 0 contract changes against HEAD (0 breaking, 0 compatible)" });
  });

  it("fails on an output enum narrowed without a version bump (TG641), and passes with the bump", async () => {
    const narrowed = edit("state: { enum: [ok, degraded, down] }", "state: { enum: [ok, degraded] }")(BASE);
    await writeSpec(narrowed);
    const failing = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('specs/probe.yaml:15:5: info TG641: output type or enum narrowed: output.state no longer allows "down"');
    expect(failing.stderr).toContain('specs/probe.yaml:2:1: error TG601: breaking change to probe under version 1: output.state no longer allows "down" (TG641)');
    expect(failing.stdout).toBe("toolgate: 2 contract changes against HEAD (1 breaking, 1 compatible); 1 tool without the version bump it needs");
    await writeSpec(bumped(narrowed));
    const passing = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(passing.code).toBe(0);
    expect(passing.stderr).toContain("info TG641");
    expect(passing.stderr).not.toContain("TG601");
    await writeSpec(BASE);
  });

  it("reports a compatible change as info and exits 0 under the same version", async () => {
    await writeSpec(edit("maxItems: 10", "maxItems: 20")(BASE));
    const out = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/info TG645: output widened: output\.tags maxItems 10 → 20/);
    expect(out.stdout).toBe("toolgate: 1 contract change against HEAD (0 breaking, 1 compatible)");
    await writeSpec(BASE);
  });

  it("fails on a removed tool (TG603), which no version bump covers; a new tool alone passes", async () => {
    await rm(join(repo.dir, "specs/probe.yaml"));
    await repo.write("specs/other.yaml", edit("tool: probe\n", "tool: other\n")(BASE).replace("operation: get_probe", "operation: get_other").replace('"/probes/{id}"', '"/others/{id}"'));
    const removed = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain('warning TG603: tool removed or renamed: "probe" (version 1) is no longer among the specs');
    expect(removed.stderr).toContain('info TG604: tool added: "other"');
    await rm(join(repo.dir, "specs/other.yaml"));
    await writeSpec(BASE);
    await repo.write("specs/probe_two.yaml", edit("tool: probe\n", "tool: probe_two\n")(BASE));
    const added = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('info TG604: tool added: "probe_two"');
    await rm(join(repo.dir, "specs/probe_two.yaml"));
  });

  it("reports a tool moved to a new file under a new name, same upstream operation, as one rename (TG658) naming both", async () => {
    await rm(join(repo.dir, "specs/probe.yaml"));
    await repo.write("specs/probe_check.yaml", edit("tool: probe\n", "tool: probe_check\n")(BASE));
    const renamed = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(renamed.code).toBe(1);
    expect(renamed.stderr).toContain('specs/probe_check.yaml:1:1: info TG658: tool renamed: "probe" → "probe_check" calling the same upstream operation (agents calling "probe" find no tool)');
    expect(renamed.stderr).toContain("error TG601: breaking change to probe_check under version 1");
    expect(renamed.stderr).not.toMatch(/TG603|TG604/);
    await repo.write("specs/probe_check.yaml", bumped(edit("tool: probe\n", "tool: probe_check\n")(BASE)));
    const passing = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.stdout).toBe("toolgate: 1 contract change against HEAD (1 breaking, 0 compatible)");
    await rm(join(repo.dir, "specs/probe_check.yaml"));
    await writeSpec(BASE);
  });

  it("compares committed history with --against HEAD~1, and never touches the working tree", async () => {
    await writeSpec(edit("state: { enum: [ok, degraded, down] }", "state: { enum: [ok, degraded] }")(BASE));
    repo.commit("narrow state");
    const before = repo.git("status", "--porcelain");
    const out = await runBuiltCli(repo.dir, "diff", "--against", "HEAD~1", "--error-format", "json");
    expect(out.code).toBe(1);
    const diagnostics = JSON.parse(out.stderr) as { code: string; severity: string }[];
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["TG601", "error"],
      ["TG641", "info"],
      ["TG614", "info"],
    ]);
    expect((await runBuiltCli(repo.dir, "diff", "--against", "HEAD")).code).toBe(0);
    expect(repo.git("status", "--porcelain")).toBe(before);
    const github = await runBuiltCli(repo.dir, "diff", "--against", "HEAD~1", "--error-format", "github");
    expect(github.stderr).toMatch(/^::error file=specs\/probe\.yaml,line=2,col=1,title=TG601::/m);
    expect(github.stderr).toMatch(/^::notice file=specs\/probe\.yaml,line=\d+,col=\d+,title=TG641::/m);
    repo.git("reset", "-q", "--hard", "HEAD~1");
  });

  it("runs from a subdirectory with --specs pointing at the specs", async () => {
    await writeSpec(edit("max_age: 1m", "max_age: 30s")(BASE));
    const out = await runBuiltCli(join(repo.dir, "specs"), "diff", "--against", "HEAD", "--specs", ".");
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("info TG651: fresh window shortened: check fresh.observed_at: max_age_ms 60000 → 30000");
    await writeSpec(BASE);
  });

  it("is a usage error (exit 2) for an unknown ref, a ref that looks like an option, or no --against", async () => {
    expect(await runBuiltCli(repo.dir, "diff", "--against", "no-such-ref")).toMatchObject({ code: 2, stderr: 'toolgate: unknown git ref "no-such-ref"' });
    expect(await runBuiltCli(repo.dir, "diff", "--against=--output=x")).toMatchObject({ code: 2 });
    expect((await runBuiltCli(repo.dir, "diff")).code).toBe(2);
  });

  it("is a usage error when the old specs do not compile", async () => {
    await writeSpec("tool: probe\nversion: [\n");
    repo.commit("broken");
    await writeSpec(BASE);
    const out = await runBuiltCli(repo.dir, "diff", "--against", "HEAD");
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("toolgate: the specs at HEAD do not compile, so there is nothing to compare with");
    repo.git("reset", "-q", "--hard", "HEAD~1");
  });
});

describe("toolgate diff --against <directory>", { timeout: 180_000 }, () => {
  it("compares with another checkout's specs directory, and outside git", async () => {
    const { dir, dispose } = await tempDir("diff-dir");
    const { dir: old, dispose: disposeOld } = await tempDir("diff-dir-old");
    try {
      await mkdir(join(old, "specs"));
      await writeFile(join(old, "specs/probe.yaml"), BASE);
      await mkdir(join(dir, "specs"));
      await writeFile(join(dir, "specs/probe.yaml"), edit("max_bytes: 8KiB", "max_bytes: 4KiB")(BASE));
      const out = await runBuiltCli(dir, "diff", "--against", old);
      expect(out.code).toBe(1);
      expect(out.stderr).toContain("info TG650: limit lowered: max_bytes 8192 → 4096");
      expect((await runBuiltCli(dir, "diff", "--against", join(old, "specs"))).code).toBe(1);
      const notGit = await runBuiltCli(dir, "diff", "--against", "HEAD");
      expect(notGit.code).toBe(2);
      expect(notGit.stderr).toMatch(/^toolgate: HEAD is neither a directory nor a git ref: specs is not in a git repository$/);
    } finally {
      await Promise.all([dispose(), disposeOld()]);
    }
  });
});

describe("toolgate gen against the committed manifest", () => {
  it("reports the same classification: gen --check fails with the change's code and TG601, and with a bump only with the code", async () => {
    const repo = await gitRepo("gen-gate");
    try {
      await repo.write("specs/probe.yaml", BASE);
      expect((await runBuiltCli(repo.dir, "gen", "--quiet")).code).toBe(0);
      repo.commit("probe v1 and its generated output");
      const narrowed = edit("state: { enum: [ok, degraded, down] }", "state: { enum: [ok, degraded] }")(BASE);
      await repo.write("specs/probe.yaml", narrowed);
      const check = await runBuiltCli(repo.dir, "gen", "--check");
      expect(check.code).toBe(1);
      expect(check.stderr).toContain('info TG641: output type or enum narrowed: output.state no longer allows "down"');
      expect(check.stderr).toContain("error TG601: breaking change to probe under version 1");
      await repo.write("specs/probe.yaml", bumped(narrowed));
      const bumpedGen = await runBuiltCli(repo.dir, "gen", "--quiet");
      expect(bumpedGen.code).toBe(0);
      expect(bumpedGen.stderr).toContain("info TG641");
      expect(bumpedGen.stderr).not.toContain("TG601");
      expect((await runBuiltCli(repo.dir, "gen", "--check")).code).toBe(0);
    } finally {
      await repo.dispose();
    }
  }, 240_000);
});
