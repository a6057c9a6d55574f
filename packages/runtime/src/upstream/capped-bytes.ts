/**
 * Accumulates stream chunks up to a byte cap. The first chunk that crosses the cap is refused and
 * not kept, so memory never holds more than `maxBytes`; the caller then stops reading.
 */
export class CappedBytes {
  readonly #chunks: Uint8Array[] = [];
  #received = 0;
  #kept = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes delivered so far, including a refused chunk. */
  get received(): number {
    return this.#received;
  }

  /** False once more than `maxBytes` arrived. */
  push(chunk: Uint8Array): boolean {
    this.#received += chunk.length;
    if (this.#received > this.maxBytes) return false;
    this.#chunks.push(chunk);
    this.#kept += chunk.length;
    return true;
  }

  /** A fresh copy: Node's pooled chunks would otherwise expose unrelated memory via `.buffer`. */
  toBytes(): Uint8Array {
    const bytes = new Uint8Array(this.#kept);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  }
}
