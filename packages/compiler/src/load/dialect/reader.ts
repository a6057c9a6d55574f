import type { DiagnosticSink } from "../../diagnostics/sink.js";
import type { LoadedDocument } from "../document.js";
import { dialectAt } from "./choose.js";
import type { Dialect } from "./dialects.js";
import { findingDiagnostic } from "./findings.js";
import { relocated, Relocations } from "./relocate.js";
import { upgradeSchema, type Finding } from "./upgrade.js";

/**
 * Reads each schema of one tool in its own dialect, upgraded to 2020-12: one record of renamed
 * positions per file, and each finding reported once (a spec's local $defs are upgraded with their
 * payload and again when hoisted).
 */
export class DialectReader {
  readonly #moves = new Map<string, Relocations>();
  readonly #noted = new Set<string>();

  constructor(
    private readonly spec: LoadedDocument,
    private readonly sink: DiagnosticSink,
  ) {}

  upgrade(doc: LoadedDocument, pointer: string, value: unknown): unknown {
    return upgradeSchema(value, this.dialectAt(doc, pointer), pointer, this.moves(doc), (at, f) => this.#note(doc, at, f));
  }

  dialectAt(doc: LoadedDocument, pointer: string): Dialect {
    return dialectAt(doc, pointer, this.spec, (at, f) => this.#note(doc, at, f));
  }

  moves(doc: LoadedDocument): Relocations {
    let moves = this.#moves.get(doc.path);
    if (moves === undefined) {
      moves = new Relocations();
      this.#moves.set(doc.path, moves);
    }
    return moves;
  }

  /** `doc` as its upgraded schemas see it: each pointer located where it was written. */
  located(doc: LoadedDocument): LoadedDocument {
    return relocated(doc, this.moves(doc));
  }

  #note(doc: LoadedDocument, at: string, finding: Finding): void {
    const key = `${doc.path}#${at}#${finding.code}`;
    if (this.#noted.has(key)) return;
    this.#noted.add(key);
    this.sink.report(findingDiagnostic(finding, doc.locate(at)));
  }
}
