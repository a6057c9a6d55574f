import type { AgentError, Layer } from "../result.js";
import type { ValidationIssue } from "../validate/support.js";

/** What the operator event reports besides code and layer; each stage states the facts it found. */
export interface Facts {
  readonly syntaxValid: boolean | null;
  readonly schemaValid: boolean | null;
  readonly schemaErrors: readonly ValidationIssue[];
  readonly schemaErrorsTruncated: number;
  /** For `unknown_members: ignore` tools, after the response passed validation. */
  readonly undeclaredMembers: readonly string[] | undefined;
  readonly checkId: string | undefined;
  /** An async check that did not answer: it timed out, or its promise rejected (a refusal is neither). */
  readonly checkFailure: "timeout" | "rejected" | undefined;
  readonly parseReason: string | undefined;
  readonly upstreamStatus: number | undefined;
}

/** A stage's verdict: the value the next stage reads, or the code and layer that end the call. */
export type Verdict<T> =
  | { readonly ok: true; readonly value: T; readonly facts: Partial<Facts> }
  | {
      readonly ok: false;
      readonly code: string;
      readonly layer: Layer;
      readonly facts: Partial<Facts>;
      /** The agent's error when it is not the table's entry for `code` (a relayed upstream failure). */
      readonly error?: AgentError;
    };

export type Stop = Extract<Verdict<never>, { ok: false }>;

/** A call's outcome as its operator event reports it. */
export interface Outcome extends Facts {
  readonly code: string | undefined;
  readonly layer: Layer | undefined;
}

/** A stage that found nothing new; shared, so joining it copies nothing (the hot path). */
const NOTHING_NEW: Partial<Facts> = Object.freeze({});

export const pass = <T>(value: T, facts: Partial<Facts> = NOTHING_NEW): Verdict<T> => ({ ok: true, value, facts });

export const stop = (code: string, layer: Layer, facts: Partial<Facts> = NOTHING_NEW, error?: AgentError): Stop =>
  error === undefined ? { ok: false, code, layer, facts } : { ok: false, code, layer, facts, error };

const NO_FACTS: Facts = {
  syntaxValid: null,
  schemaValid: null,
  schemaErrors: [],
  schemaErrorsTruncated: 0,
  undeclaredMembers: undefined,
  checkId: undefined,
  checkFailure: undefined,
  parseReason: undefined,
  upstreamStatus: undefined,
};

// A stage outside binding, semantic and selection that throws is reported as selection, the last layer.
const UNMARKED_THROW: Layer = "selection";

const thrown = (layer: Layer | undefined): Stop => stop("INTERNAL_FAILURE", layer ?? UNMARKED_THROW, { checkId: "exception" });

/** The facts stages found, newest first: a stage links its own, and they are merged only for an outcome. */
interface FoundFacts {
  readonly facts: Partial<Facts>;
  readonly earlier: FoundFacts | undefined;
}

const found = (earlier: FoundFacts | undefined, facts: Partial<Facts>): FoundFacts | undefined =>
  facts === NOTHING_NEW ? earlier : { facts, earlier };

/**
 * The verdicts of a call so far: the last stage's verdict and every fact the stages found. Each
 * `step` runs one stage, unless an earlier one ended the call, so a pipeline reads as its order.
 * Facts are only linked per stage, never copied: most calls have no sink, so no outcome is asked for.
 */
export class Judgement<T> {
  private constructor(
    readonly verdict: Verdict<T>,
    private readonly facts: FoundFacts | undefined,
  ) {}

  static of<T>(verdict: Verdict<T>): Judgement<T> {
    return new Judgement(verdict, found(undefined, verdict.facts));
  }

  /**
   * Runs `stage` on the value so far. `layer` names the layer the stage decides, when it is one:
   * a stage that throws is a defect of the contract's code, and ends the call with INTERNAL_FAILURE
   * there, never with the upstream's text. `a` and `b` are handed to `stage`, so a pipeline's
   * stages can be module-level functions rather than closures allocated on every call.
   */
  step<U, A = undefined, B = undefined>(layer: Layer | undefined, stage: (value: T, a: A, b: B) => Verdict<U>, a?: A, b?: B): Judgement<U> {
    if (!this.verdict.ok) return this as unknown as Judgement<U>;
    let next: Verdict<U>;
    try {
      next = stage(this.verdict.value, a as A, b as B);
    } catch {
      next = thrown(layer);
    }
    return this.joined(next);
  }

  /** `step` for a stage that answers later (an async check); a rejection is a defect like a throw. */
  async stepAsync<U>(layer: Layer, stage: (value: T) => Promise<Verdict<U>>): Promise<Judgement<U>> {
    if (!this.verdict.ok) return this as unknown as Judgement<U>;
    let next: Verdict<U>;
    try {
      next = await stage(this.verdict.value);
    } catch {
      next = thrown(layer);
    }
    return this.joined(next);
  }

  private joined<U>(next: Verdict<U>): Judgement<U> {
    return new Judgement(next, found(this.facts, next.facts));
  }

  /** Every fact found, a later stage's replacing an earlier one's, with the code and layer that ended the call. */
  outcome(): Outcome {
    const stages: Partial<Facts>[] = [];
    for (let at = this.facts; at !== undefined; at = at.earlier) stages.push(at.facts);
    const ended = this.verdict.ok ? undefined : this.verdict;
    return Object.assign({}, NO_FACTS, ...stages.reverse(), { code: ended?.code, layer: ended?.layer });
  }
}
