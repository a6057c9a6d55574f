// node:crypto costs several milliseconds to load; only calls that report or record need it.
let hashing: typeof import("node:crypto") | undefined;

/** Lowercase hex SHA-256 of a string (as UTF-8) or of bytes. */
export const sha256Hex = (data: string | Uint8Array): string =>
  (hashing ??= process.getBuiltinModule("node:crypto")).createHash("sha256").update(data).digest("hex");
