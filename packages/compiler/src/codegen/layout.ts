/**
 * The builder's own layout, for files whose emitter already writes one statement or block per line:
 * every line indented one step per earlier line whose brackets are still open at its start (`g([`
 * is one step, as Prettier has it), runs of blank lines collapsed to one.
 * One linear scan instead of Prettier's parse and print, the costliest stage of gen (issue 15).
 *
 * The scan knows the code the builder writes: double-quoted literals (`safeStringify`), `//` and
 * block comments (whose text may be a spec's). Anything else it cannot place exactly (a string or
 * template left open at a line's end, a bracket closed that was never opened) makes it decline, and
 * the file goes to Prettier instead, so a layout is never guessed.
 */

const UNIT = "  ";
const OPENERS = "{([";
const CLOSERS = "})]";

interface ScanState {
  /** For each open bracket, the number of the line that opened it. */
  readonly open: number[];
  line: number;
  inComment: boolean;
}

/** Indentation steps: the distinct lines among the open brackets. */
const steps = (open: readonly number[]): number => new Set(open).size;

/** The text laid out, or undefined when a line is beyond what the scan can place. */
export function builderLayout(text: string): string | undefined {
  const state: ScanState = { open: [], line: 0, inComment: false };
  const out: string[] = [];
  for (const line of text.split("\n")) {
    state.line++;
    const laid = layoutLine(line.trim(), state);
    if (laid === undefined) return undefined;
    if (laid === "" && (out.length === 0 || out[out.length - 1] === "")) continue;
    out.push(laid);
  }
  while (out[out.length - 1] === "") out.pop();
  return state.open.length === 0 && !state.inComment ? `${out.join("\n")}\n` : undefined;
}

function layoutLine(line: string, state: ScanState): string | undefined {
  if (line === "") return state.inComment ? undefined : "";
  // A comment's continuation (` * …`) sits one space in from the `/**` that opened it.
  if (state.inComment) {
    const indent = UNIT.repeat(steps(state.open));
    return scanLine(line, state) ? `${indent} ${line}` : undefined;
  }
  const leading = /^[})\]]*/.exec(line)![0].length;
  if (leading > state.open.length) return undefined;
  const indent = UNIT.repeat(steps(state.open.slice(0, state.open.length - leading)));
  return scanLine(line, state) ? `${indent}${line}` : undefined;
}

/** Moves `state` past one line; false when the line ends inside a literal or closes too much. */
function scanLine(line: string, state: ScanState): boolean {
  for (let i = 0; i < line.length; i++) {
    if (state.inComment) {
      const end = line.indexOf("*/", i);
      if (end === -1) return true;
      state.inComment = false;
      i = end + 1;
      continue;
    }
    const c = line[i]!;
    if (c === '"' || c === "'") {
      const end = closingQuote(line, i);
      if (end === -1) return false;
      i = end;
    } else if (c === "`") return false;
    else if (c === "/" && line[i + 1] === "/") return true;
    else if (c === "/" && line[i + 1] === "*") {
      state.inComment = true;
      i++;
    } else if (OPENERS.includes(c)) state.open.push(state.line);
    else if (CLOSERS.includes(c) && state.open.pop() === undefined) return false;
  }
  return true;
}

/** Index of the quote closing the literal opened at `start`, or -1 when the line ends first. */
function closingQuote(line: string, start: number): number {
  const quote = line[start];
  for (let i = start + 1; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === quote) return i;
  }
  return -1;
}
