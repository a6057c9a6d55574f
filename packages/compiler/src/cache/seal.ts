import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";

/**
 * Where gen keeps what it computed, as bytes by key. The CLI supplies it (a directory); the compiler
 * computes the keys and never trusts what it reads back (see `unseal`).
 */
export interface GenCache {
  /** What the keys cannot see but the output depends on: the compiler's version and build. */
  readonly salt: string;
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
}

/** Bumped when an entry's shape changes, so an old entry is a miss rather than a misread. */
const ENTRY_FORMAT = "toolgate-gen-cache-2";
const DIGEST_BYTES = 32;

/** SHA-256 of the parts, each length-prefixed so that no two lists of parts hash alike. */
export function hashOf(...parts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}

/** A cache key: the format, the cache's salt and the parts. */
export const keyOf = (cache: GenCache, kind: string, ...parts: readonly string[]): string => hashOf(ENTRY_FORMAT, cache.salt, kind, ...parts);

const digest = (bytes: Uint8Array): Buffer => createHash("sha256").update(bytes).digest();

/** Structured-clone bytes (Infinity, -0 and undefined survive, unlike JSON) behind their checksum. */
export function seal(value: unknown): Uint8Array {
  const payload = serialize(value);
  return Buffer.concat([digest(payload), payload]);
}

/** The value `seal` wrote; undefined for a truncated, corrupt or foreign entry (rebuilt, never trusted). */
export function unseal<T>(bytes: Uint8Array | undefined): T | undefined {
  if (bytes === undefined || bytes.length <= DIGEST_BYTES) return undefined;
  const payload = bytes.subarray(DIGEST_BYTES);
  if (!digest(payload).equals(bytes.subarray(0, DIGEST_BYTES))) return undefined;
  try {
    return deserialize(payload) as T;
  } catch {
    return undefined;
  }
}

/** Reads a sealed entry; a cache that fails to read is a miss. */
export async function lookup<T>(cache: GenCache | undefined, key: string): Promise<T | undefined> {
  if (cache === undefined) return undefined;
  return unseal<T>(await cache.get(key).catch(() => undefined));
}

/** Stores a sealed entry; a cache that fails to write costs speed, never output. */
export async function store(cache: GenCache | undefined, key: string, value: unknown): Promise<void> {
  await cache?.put(key, seal(value)).catch(() => undefined);
}
