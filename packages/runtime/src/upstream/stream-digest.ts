import { createHash } from "node:crypto";
import type { Hash } from "node:crypto";

/**
 * Reduces a stream to a SHA-256 digest and a byte count in constant memory. Used for stderr, which
 * can echo targets, paths or secrets: the operator can compare runs without ever holding the text.
 */
export class StreamDigest {
  readonly #hash: Hash = createHash("sha256");
  #bytes = 0;
  #sha256: string | undefined;

  /** Ignored once finished: late chunks cannot change a digest already reported. */
  update(chunk: Uint8Array): void {
    if (this.#sha256 !== undefined) return;
    this.#hash.update(chunk);
    this.#bytes += chunk.length;
  }

  /** The digest of everything seen so far; later calls return the same value. */
  finish(): { readonly sha256: string; readonly bytes: number } {
    this.#sha256 ??= this.#hash.digest("hex");
    return { sha256: this.#sha256, bytes: this.#bytes };
  }
}
