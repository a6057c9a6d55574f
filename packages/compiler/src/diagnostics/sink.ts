import { hasErrors, type Diagnostic } from "./diagnostic.js";

/**
 * Where every phase reports what it finds: one sink per compile, passed down, so no phase returns,
 * merges or filters diagnostics of its own. `scope()` gives a phase (one spec, one agent_view) its
 * own hasErrors() while its reports still reach the whole compile's list.
 */
export interface DiagnosticSink {
  report(d: Diagnostic): void;
  /** Whether an error was reported through this sink (or a scope of it). */
  hasErrors(): boolean;
  scope(): DiagnosticSink;
}

/** The root sink: keeps every report, in order. */
export class DiagnosticCollector implements DiagnosticSink {
  readonly #reported: Diagnostic[] = [];

  get diagnostics(): readonly Diagnostic[] {
    return this.#reported;
  }

  report(d: Diagnostic): void {
    this.#reported.push(d);
  }

  hasErrors(): boolean {
    return hasErrors(this.#reported);
  }

  scope(): DiagnosticSink {
    return scopeOf(this);
  }
}

/**
 * A scope for several schemas of one value (tuple positions, the allOf members declaring one
 * property): what each finds about that value is one finding, so a repeat (same code, place and
 * message) is reported once.
 */
export function reportingOnce(parent: DiagnosticSink): DiagnosticSink {
  const seen = new Set<string>();
  return scopeOf(parent, (d) => {
    const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
    return !seen.has(key) && (seen.add(key), true);
  });
}

function scopeOf(parent: DiagnosticSink, admit: (d: Diagnostic) => boolean = () => true): DiagnosticSink {
  let errors = false;
  const scope: DiagnosticSink = {
    report: (d) => {
      if (!admit(d)) return;
      errors ||= d.severity === "error";
      parent.report(d);
    },
    hasErrors: () => errors,
    scope: () => scopeOf(scope),
  };
  return scope;
}
