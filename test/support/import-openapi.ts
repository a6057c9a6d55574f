import { readFile, writeFile } from "node:fs/promises";
import { isMap, isScalar, parse, parseDocument, type Pair } from "yaml";

/** Lines (1-based) holding a `TODO:` marker value, where gen must report TG120. */
export function todoLines(text: string): number[] {
  return text.split("\n").flatMap((line, i) => (/^\s*[\w.]+: "TODO:/.test(line) ? [i + 1] : []));
}

const topPair = (doc: ReturnType<typeof parseDocument>, key: string): Pair | undefined =>
  isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;

/**
 * The author's decisions, made by script through the yaml document API: the suggested agent view
 * (from the import's comment, else `fallbackView`), `checks: []`, a retry class, and a description where the import left one open.
 */
export async function decideTodos(path: string, fallbackView: readonly string[] = []): Promise<string[]> {
  const doc = parseDocument(await readFile(path, "utf8"));
  const comment = String((topPair(doc, "agent_view")?.key as { commentBefore?: string } | undefined)?.commentBefore ?? "");
  const suggested = /Suggested: (\[.*\])/.exec(comment)?.[1];
  const view = suggested === undefined ? [...fallbackView] : (parse(suggested) as string[]);
  if (view.length === 0) throw new Error(`${path}: no suggested agent_view`);
  doc.set("agent_view", view);
  doc.set("checks", []);
  // A GET, or a tool the (imported) effects call read-only, only reads.
  doc.set("retry", { class: doc.getIn(["upstream", "method"]) === "GET" || doc.get("effects") === "read_only" ? "safe" : "unsafe" });
  if (String(doc.get("description")).startsWith("TODO:")) doc.set("description", "Reads one record of the upstream. Changes nothing.");
  await writeFile(path, doc.toString({ lineWidth: 0 }));
  return view;
}
