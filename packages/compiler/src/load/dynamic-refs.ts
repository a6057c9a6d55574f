import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { Identifiers } from "./identifiers.js";

/**
 * `$dynamicRef` compiled as the `$ref` it starts from. That is exact when at most one schema the
 * tool reads declares the `$dynamicAnchor` it names: the dynamic scope then has only that one to
 * find. With several, which one applies depends on the path taken at run time (TG233).
 */
export class DynamicRefs {
  readonly #uses: { name: string; ref: string; where: SourceRange }[] = [];

  /** Notes a `$dynamicRef` (resolved like `$ref` by the caller) to check once every tree is read. */
  use(ref: string, where: SourceRange): void {
    const name = ref.slice(ref.indexOf("#") + 1);
    if (ref.includes("#") && name !== "" && !name.startsWith("/")) this.#uses.push({ name, ref, where });
  }

  check(trees: Iterable<Identifiers>, sink: DiagnosticSink): void {
    const declared = new Map<string, number>();
    for (const tree of trees) for (const name of tree.dynamicAnchors) declared.set(name, (declared.get(name) ?? 0) + 1);
    for (const { name, ref, where } of this.#uses) {
      const count = declared.get(name) ?? 0;
      if (count > 1) sink.report(diagnostic("TG233", where, { ref: quote(ref), name: quote(name), count: String(count) }));
    }
  }
}
