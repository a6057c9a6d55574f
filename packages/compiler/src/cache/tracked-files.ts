import type { SourceFiles } from "../load/sources.js";

/**
 * The project's files as one spec's front end sees them, recording every path it asks for: the
 * files a tool's output depends on ($ref'd schemas included), which its cache entry then checks.
 */
export class TrackedFiles implements SourceFiles {
  readonly #files: SourceFiles;
  readonly #read = new Set<string>();

  constructor(files: SourceFiles) {
    this.#files = files;
  }

  /** Every path asked for, sorted (present or not: a file that appears later changes the output too). */
  get read(): string[] {
    return [...this.#read].sort();
  }

  get(path: string): string | undefined {
    this.#read.add(path);
    return this.#files.get(path);
  }

  has(path: string): boolean {
    this.#read.add(path);
    return this.#files.has(path);
  }

  get size(): number {
    return this.#files.size;
  }

  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    this.#files.forEach((value, key) => callback(value, key, this));
  }

  entries(): ReturnType<SourceFiles["entries"]> {
    return this.#files.entries();
  }

  keys(): ReturnType<SourceFiles["keys"]> {
    return this.#files.keys();
  }

  values(): ReturnType<SourceFiles["values"]> {
    return this.#files.values();
  }

  [Symbol.iterator](): ReturnType<SourceFiles[typeof Symbol.iterator]> {
    return this.#files[Symbol.iterator]();
  }
}
