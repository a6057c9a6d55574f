import type { Layer } from "@toolgate/runtime";
import type { ToolIR } from "../ir/types.js";
import type { Path, Position } from "./positions.js";
import type { SchemaScope, SchemaSet } from "./schema-set.js";
import type { FixtureBase } from "./types.js";

/** What every mutation family reads: the tool, its base and the base response, parsed. */
export interface MutationContext {
  readonly tool: ToolIR;
  readonly base: FixtureBase;
  readonly scope: SchemaScope;
  readonly output: SchemaSet;
  /** The parsed base response (the envelope, for envelope upstreams). */
  readonly response: unknown;
  /** Where the tool's output sits in the response: `[]`, or `["data"]` in an envelope. */
  readonly dataPath: Path;
  /** Every value of the output with its schema set; empty when the response carries none. */
  readonly positions: readonly Position[];
}

/** One mutation before it becomes a NearMiss: a changed response value, or raw text. */
export interface Draft {
  readonly id: string;
  readonly description: string;
  readonly layer: Layer;
  readonly response?: unknown;
  readonly raw?: string;
}

/** A draft whose response is `response` (serialized later). */
export const changed = (id: string, description: string, layer: Layer, response: unknown): Draft => ({ id, description, layer, response });

/** The display form of a pointer: "/" for the root. */
export const at = (pointer: string): string => (pointer === "" ? "/" : pointer);
