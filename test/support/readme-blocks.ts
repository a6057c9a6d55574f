import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./project.js";

/**
 * The fenced code blocks of README.md that tests run, so the README's commands cannot drift from
 * what the tests execute. A block is picked by the words after its language, for example
 * ```` ```console walkthrough ```` or ```` ```ts walkthrough file=src/pet-tool.ts ````.
 */
export interface ReadmeBlock {
  readonly lang: string;
  /** Bare words after the language (`walkthrough`, `install`, …). */
  readonly tags: readonly string[];
  /** `key=value` words after the language (`file=…`, `edit=…`). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly body: string;
  /** 1-based line of the opening fence, for failure messages. */
  readonly line: number;
}

const FENCE = /^```(\S*)(.*)$/;

export function readmeBlocks(text: string = readFileSync(join(repoRoot, "README.md"), "utf8")): ReadmeBlock[] {
  const lines = text.split("\n");
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (open === null) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith("```"));
    if (end < 0) break;
    const words = open[2]!.trim().split(/\s+/).filter((w) => w !== "");
    const attributes = Object.fromEntries(words.filter((w) => w.includes("=")).map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)]));
    blocks.push({ lang: open[1]!, tags: words.filter((w) => !w.includes("=")), attributes, body: lines.slice(i + 1, end).join("\n"), line: i + 1 });
    i = end;
  }
  return blocks;
}

/** The blocks carrying `tag`, in README order. */
export const taggedBlocks = (tag: string): ReadmeBlock[] => readmeBlocks().filter((b) => b.tags.includes(tag));

export interface ConsoleStep {
  readonly command: string;
  readonly output: string;
}

/** A console block's `$ command` lines, each with the output printed under it (until the next `$`). */
export function consoleSteps(body: string): ConsoleStep[] {
  const steps: { command: string; output: string[] }[] = [];
  for (const line of body.split("\n")) {
    if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: [] });
    else steps.at(-1)?.output.push(line);
  }
  return steps.map((s) => ({ command: s.command, output: s.output.join("\n").trimEnd() }));
}

/** A `sh` block's command lines: blank lines and `#` comment lines are not commands. */
export const shellCommands = (body: string): string[] => body.split("\n").filter((l) => l.trim() !== "" && !l.trimStart().startsWith("#"));

/**
 * Applies an `edit=` block: each of its lines `key: value` replaces the line of the file that sets
 * the same top-level key, as an author replaces a TODO marker. A key the file lacks is an error.
 */
export function applyTopLevelEdit(text: string, edit: string): string {
  let lines = text.split("\n");
  for (const replacement of edit.split("\n").filter((l) => l.trim() !== "")) {
    const key = /^([A-Za-z_]\w*):/.exec(replacement)?.[1];
    const at = key === undefined ? -1 : lines.findIndex((l) => l.startsWith(`${key}:`));
    if (at < 0) throw new Error(`edit line ${JSON.stringify(replacement)} sets no top-level key of the file`);
    lines = [...lines.slice(0, at), replacement, ...lines.slice(at + 1)];
  }
  return lines.join("\n");
}
