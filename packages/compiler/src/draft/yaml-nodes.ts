import { isScalar, isSeq, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from "yaml";

// A flow map holds scalars and flow lists only, so nested objects stay in block style, one per line.
const fitsFlowMap = (node: Node): boolean => isScalar(node) || (isSeq(node) && node.flow === true);

/** At most this many members on one flow line (`{ type: string, maxLength: 64 }`); more go in block style. */
const FLOW_MEMBERS = 4;

/**
 * A YAML node for a JSON value, built node by node rather than with `new Document(value)`: every own
 * member is kept (including a `__proto__` a sample may hold), and small leaves are written in flow
 * style, as hand-written specs are.
 */
export function yamlNode(value: unknown): Node {
  if (Array.isArray(value)) {
    const seq = new YAMLSeq();
    seq.items = value.map(yamlNode);
    seq.flow = seq.items.every((item) => isScalar(item));
    return seq;
  }
  if (value !== null && typeof value === "object") {
    const map = new YAMLMap();
    map.items = Object.keys(value).map((key) => new Pair(new Scalar(key), yamlNode((value as Record<string, unknown>)[key])));
    map.flow = map.items.length <= FLOW_MEMBERS && map.items.every((pair) => fitsFlowMap(pair.value as Node));
    return map;
  }
  return new Scalar(value);
}

const COMMENT_WIDTH = 100;

/** Comment lines: each given line, wrapped at spaces to about 100 columns. */
export function commentLines(lines: readonly string[]): string {
  const wrapped: string[] = [];
  for (const line of lines) {
    let current = "";
    for (const word of line.split(" ")) {
      if (current !== "" && current.length + word.length + 1 > COMMENT_WIDTH) (wrapped.push(current), (current = "  "));
      current = current === "" || current === "  " ? current + word : `${current} ${word}`;
    }
    wrapped.push(current);
  }
  return wrapped.map((line) => ` ${line}`).join("\n");
}

/** Puts comment lines above the member `key` of a block map. */
export function commentAbove(map: YAMLMap, key: string, lines: readonly string[]): void {
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
  if (pair !== undefined && isScalar(pair.key) && lines.length > 0) pair.key.commentBefore = commentLines(lines);
}
