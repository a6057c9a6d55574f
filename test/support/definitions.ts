import type { Diagnostic, ToolIR } from "@toolgate/compiler";
import { compileTexts } from "./project.js";

/** A spec whose input (and optionally output + agent_view) is given as indented YAML lines. */
export function probeSpec(input: string, output = "  type: object\n  required: [id]\n  properties:\n    id: { type: string }", agentView = "[id]"): string {
  return `tool: probe\nversion: 1\ndescription: Probe.\ninput:\n${input}\noutput:\n${output}\nagent_view: ${agentView}\n`;
}

/** Line of the first input line in probeSpec (its lines follow `input:` on line 4). */
export const INPUT_LINE = 5;

export interface Compiled {
  readonly tool: ToolIR;
  readonly diagnostics: readonly Diagnostic[];
  /** The generated definitions.ts of the probe tool. */
  readonly definitions: string;
}

/** Compiles specs/probe.yaml, plus any files it references. */
export async function compileProbe(spec: string, files: Record<string, string> = {}): Promise<Compiled> {
  const out = await compileTexts({ "specs/probe.yaml": spec, ...files });
  const tool = out.tools[0];
  const definitions = out.files.find((f) => f.path === "probe/definitions.ts")?.content;
  if (!tool || definitions === undefined) throw new Error(`probe did not compile: ${out.diagnostics.map((d) => d.message).join("; ")}`);
  return { tool, diagnostics: out.diagnostics, definitions };
}

/** code line:column message, for exact comparison. */
export const summary = (diagnostics: readonly Diagnostic[], codes: readonly string[]): string[] =>
  diagnostics.filter((d) => codes.includes(d.code)).map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`);
