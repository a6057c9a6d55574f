import type { SourceRange } from "@toolgate/compiler";

/** Where `needle` starts in `text` (1-based line and column), which must hold it exactly once. */
export function positionOf(file: string, text: string, needle: string): SourceRange {
  const offset = text.indexOf(needle);
  if (offset < 0 || text.indexOf(needle, offset + 1) >= 0) throw new Error(`${JSON.stringify(needle)} must occur exactly once in ${file}`);
  const before = text.slice(0, offset).split("\n");
  return { file, line: before.length, column: before.at(-1)!.length + 1 };
}
