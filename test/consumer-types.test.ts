import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/project.js";

const CONSUMER = join(repoRoot, "examples/consumer/review-agent.ts");

/** Type-checks the consumer with its source replaced, using the repo's compiler options. */
function diagnosticsFor(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(repoRoot, "tsconfig.test.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error("cannot read tsconfig.test.json");
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (file === CONSUMER ? source : readFile(file));
  const program = ts.createProgram([CONSUMER], { ...config.options, noEmit: true }, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

describe("the generated agent view type", () => {
  const original = readFileSync(CONSUMER, "utf8");

  it("lets the consumer compile cleanly", () => {
    expect(diagnosticsFor(original)).toEqual([]);
  });

  it("makes a field outside the agent view a compile error", () => {
    const without = original.replace(/^\s*\/\/ @ts-expect-error.*\n/gm, "");
    expect(without).not.toContain("@ts-expect-error");
    const errors = diagnosticsFor(without);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^TS2339: Property 'reviewed_by' does not exist on type 'ReviewStatusAgentView'/);
    expect(errors[1]).toMatch(/^TS2339: Property 'message' does not exist on type 'ReviewStatusAgentView'/);
  });
});
