import type { Emitter } from "../emit/emitter.js";
import type { SourceFiles } from "../load/sources.js";
import { hashOf } from "./seal.js";

/** Content hashes of the project's files, each computed once per compile (many specs share a schema). */
export class FileHashes {
  readonly #files: SourceFiles;
  readonly #hashes = new Map<string, string>();

  constructor(files: SourceFiles) {
    this.#files = files;
  }

  of(path: string): string {
    let hash = this.#hashes.get(path);
    if (hash === undefined) {
      const text = this.#files.get(path);
      hash = text === undefined ? hashOf("absent") : hashOf("file", text);
      this.#hashes.set(path, hash);
    }
    return hash;
  }
}

/** How a cache key names an emitter. */
export const emitterKeys = (emitters: readonly Emitter[]): string[] => emitters.map((e) => `${e.scope}:${e.name}`);

/**
 * `emitterKeys(DEFAULT_EMITTERS)`, spelled out so that gen's no-op path can compute its key without
 * loading the emitters (and Prettier, Ajv and the type generator with them); a test keeps it equal.
 */
export const DEFAULT_EMITTER_KEYS: readonly string[] = [
  "tool:types",
  "tool:validators",
  "tool:selector",
  "tool:adapter",
  "tool:undeclared",
  "tool:definitions",
  "tool:client",
  "tool:bindings",
  "project:definition-lists",
  "project:binding-lists",
  "project:registry",
  "project:manifest",
];

/** The options a tool's output depends on besides its files, as a key part. */
export const contextKey = (hooksModule: string | undefined, emitters: readonly string[], ignoredKeywords: readonly string[] = []): string =>
  JSON.stringify([hooksModule ?? null, emitters, ignoredKeywords]);
