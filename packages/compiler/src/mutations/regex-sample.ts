/**
 * Strings that a pattern matches, for synthesizing a base. A small reader of ECMA-262 (`u`) syntax:
 * literals, escapes, classes, groups, alternation and quantifiers. Each class is represented by the
 * first of a few plain characters the class itself matches. Lookarounds, backreferences and word
 * boundaries are not read (no sample). Every sample is tested against the pattern itself before it
 * is returned (an anchor inside the text renders as nothing), so this reader can only miss.
 */

type Node =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "seq"; readonly items: readonly Node[] }
  | { readonly kind: "alt"; readonly options: readonly Node[] }
  | { readonly kind: "repeat"; readonly node: Node; readonly min: number; readonly max: number };

const REPRESENTATIVES = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@+ !#~"];
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", f: "\f", v: "\v", "0": "\0" };

class Unsupported extends Error {}

/** The first representative the class (its source text, e.g. `[^a-z]` or `\d`) matches. */
function representative(source: string): Node {
  const re = new RegExp(`^${source}$`, "u");
  const found = REPRESENTATIVES.find((c) => re.test(c));
  if (found === undefined) throw new Unsupported();
  return { kind: "text", text: found };
}

class Reader {
  private i = 0;
  constructor(private readonly source: string) {}

  read(): Node {
    const node = this.alternation();
    if (this.i < this.source.length) throw new Unsupported();
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.i];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.source.length && this.peek() !== "|" && this.peek() !== ")") items.push(this.quantified(this.atom()));
    return { kind: "seq", items };
  }

  private atom(): Node {
    const c = this.source[this.i++]!;
    if (c === "^" || c === "$") return { kind: "text", text: "" };
    if (c === ".") return { kind: "text", text: "a" };
    if (c === "[") return representative(this.classSource());
    if (c === "(") return this.group();
    if (c === "\\") return this.escape();
    if ("*+?{}])".includes(c)) throw new Unsupported();
    return { kind: "text", text: c };
  }

  private classSource(): string {
    const start = this.i - 1;
    while (this.i < this.source.length && this.peek() !== "]") this.i += this.peek() === "\\" ? 2 : 1;
    if (this.peek() !== "]") throw new Unsupported();
    this.i++;
    return this.source.slice(start, this.i);
  }

  private group(): Node {
    if (this.source.startsWith("?:", this.i)) this.i += 2;
    else if (this.source.startsWith("?<", this.i) && /^\?<[A-Za-z_$]/u.test(this.source.slice(this.i))) this.i = this.source.indexOf(">", this.i) + 1;
    else if (this.peek() === "?") throw new Unsupported();
    const inner = this.alternation();
    if (this.source[this.i++] !== ")") throw new Unsupported();
    return inner;
  }

  private escape(): Node {
    const c = this.source[this.i++];
    if (c === undefined || /[bBk1-9]/u.test(c)) throw new Unsupported();
    if ("dDwWsS".includes(c)) return representative(`\\${c}`);
    if (c === "p" || c === "P") {
      const start = this.i - 2;
      const end = this.source.indexOf("}", this.i);
      if (end < 0) throw new Unsupported();
      this.i = end + 1;
      return representative(this.source.slice(start, this.i));
    }
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) return { kind: "text", text: simple };
    if (c === "u" || c === "x" || c === "c") throw new Unsupported();
    return { kind: "text", text: c };
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    const bounds = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : c === "?" ? [0, 1] : c === "{" ? this.braces() : undefined;
    if (bounds === undefined) return node;
    if (c !== "{") this.i++;
    if (this.peek() === "?") this.i++;
    return { kind: "repeat", node, min: bounds[0]!, max: bounds[1]! };
  }

  private braces(): [number, number] {
    const m = /^\{(\d+)(,(\d*))?\}/u.exec(this.source.slice(this.i));
    if (m === null) throw new Unsupported();
    this.i += m[0].length;
    const min = Number(m[1]);
    return [min, m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3])];
  }
}

function render(node: Node, target: number): string {
  if (node.kind === "text") return node.text;
  if (node.kind === "seq") return node.items.map((n) => render(n, target)).join("");
  if (node.kind === "alt") return render(node.options[0]!, target);
  const count = Math.min(Math.max(target, node.min), node.max);
  return render(node.node, target).repeat(count);
}

const TARGETS = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 128, 256];

/** Candidate strings for `pattern`, shortest repetitions first; empty when the reader cannot read it. */
export function patternSamples(pattern: string): string[] {
  let tree: Node;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "u");
    tree = new Reader(pattern).read();
  } catch {
    return [];
  }
  return [...new Set(TARGETS.map((t) => render(tree, t)))].filter((s) => regex.test(s));
}
