import { parentPointer } from "../pointer.js";
import type { LoadedDocument } from "../document.js";

/**
 * Where upgraded schema positions were written: an upgrade renames keywords (`items` → `prefixItems`,
 * `definitions` → `$defs`), so each rename is recorded as upgraded pointer → pointer as written, and
 * any position below it is found through its nearest renamed ancestor.
 */
export class Relocations {
  readonly #moves = new Map<string, string>();

  record(upgraded: string, written: string): void {
    if (upgraded !== written) this.#moves.set(upgraded, written);
  }

  /** The pointer as written in the file for a pointer into the upgraded schema. */
  written(pointer: string): string {
    for (let p = pointer; ; p = parentPointer(p)) {
      const moved = this.#moves.get(p);
      if (moved !== undefined) return moved + pointer.slice(p.length);
      if (p === "") return pointer;
    }
  }
}

/** `doc` as the upgraded schemas see it: pointers into them are located where they were written. */
export function relocated(doc: LoadedDocument, moves: Relocations): LoadedDocument {
  return { path: doc.path, value: doc.value, locate: (pointer) => doc.locate(moves.written(pointer)) };
}
