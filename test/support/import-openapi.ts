import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { isMap, isScalar, parseDocument, type Pair } from "yaml";
import { repoRoot } from "./project.js";

const BIN = join(repoRoot, "packages/cli/bin/toolgate.js");

export interface ChildResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built CLI in a child process, as a user runs it from `cwd`. */
export async function toolgate(cwd: string, ...args: string[]): Promise<ChildResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { cwd, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw e;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** Lines (1-based) holding a `TODO:` marker value, where gen must report TG120. */
export function todoLines(text: string): number[] {
  return text.split("\n").flatMap((line, i) => (/^\s*[\w.]+: "TODO:/.test(line) ? [i + 1] : []));
}

const topPair = (doc: ReturnType<typeof parseDocument>, key: string): Pair | undefined =>
  isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;

/**
 * The author's decisions, made by script through the yaml document API: the suggested agent view
 * (from the import's comment), `checks: []`, a retry class, and a description where the import left one open.
 */
export async function decideTodos(path: string): Promise<string[]> {
  const doc = parseDocument(await readFile(path, "utf8"));
  const comment = String((topPair(doc, "agent_view")?.key as { commentBefore?: string } | undefined)?.commentBefore ?? "");
  const view = /Suggested: \[(.*)\]/.exec(comment)?.[1]?.split(", ") ?? [];
  if (view.length === 0) throw new Error(`${path}: no suggested agent_view`);
  doc.set("agent_view", view);
  doc.set("checks", []);
  doc.set("retry", { class: doc.getIn(["upstream", "method"]) === "GET" ? "safe" : "unsafe" });
  if (String(doc.get("description")).startsWith("TODO:")) doc.set("description", "Reads one record of the upstream. Changes nothing.");
  await writeFile(path, doc.toString({ lineWidth: 0 }));
  return view;
}
