import type { Layer } from "@toolgate/runtime";

/**
 * Near-miss mutations: responses one small step away from a valid one, each with the layer of the
 * adapter pipeline that must refuse it. `toolgate test` runs them through the generated adapters.
 */

/** A valid response and the call it answers; every near miss is derived from one. */
export interface FixtureBase {
  readonly raw: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** RFC 3339 clock for the call. */
  readonly now: string;
  /** Envelope upstreams echo the call's request id: the call must carry this one. */
  readonly requestId?: string;
}

export interface NearMiss {
  /** Stable across runs, e.g. `extra-property:/build`. */
  readonly id: string;
  /** What was changed and where, e.g. "extra property at /build". */
  readonly description: string;
  /** The raw upstream response text. */
  readonly raw: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** RFC 3339 clock for the call. */
  readonly now: string;
  /** Envelope upstreams: the call's request id (the base's); undefined otherwise. */
  readonly requestId?: string;
  readonly expect: { readonly layer: Layer; readonly code: string };
}

/** A base synthesized from the schema, or why none could be. */
export type Synthesis = { readonly ok: true; readonly base: FixtureBase } | { readonly ok: false; readonly reason: string };
