/**
 * Bytes from the operating system's CSPRNG. Node 20 spends about 8 ms initializing Web Crypto on its
 * first use, a third of a lazy cold start to the first result (bench/); /dev/urandom is the kernel
 * generator OpenSSL itself seeds from, and the first 4 KiB cost about 0.3 ms. Bytes come from a pool
 * refilled by one read; where the device is missing or not a character device (Windows, sandboxes,
 * a file planted in its place), Web Crypto serves instead.
 */

const POOL_SIZE = 4096;

// Looked up, not imported: node:fs's ESM facade reads every export, `promises` included, which loads
// the fs/promises and stream modules (about 6 ms of a cold start) for nothing.
const fs = (): typeof import("node:fs") => process.getBuiltinModule("node:fs");

export interface ByteSource {
  /** Fills `target` completely, or throws. */
  (target: Uint8Array): void;
}

const webCryptoSource: ByteSource = (target) => void globalThis.crypto.getRandomValues(target);

/** Opens `path` for reading only if it is a character device; undefined otherwise (the fd is closed). */
function openDevice(path: string): number | undefined {
  const { closeSync, fstatSync, openSync } = fs();
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    if (fstatSync(fd).isCharacterDevice()) return fd;
  } catch {
    /* not usable */
  }
  closeSync(fd);
  return undefined;
}

/** The kernel CSPRNG through /dev/urandom; undefined where it cannot be used. Checked on every open. */
export function deviceSource(path = "/dev/urandom"): ByteSource | undefined {
  const probe = openDevice(path);
  if (probe === undefined) return undefined;
  fs().closeSync(probe);
  return (target) => {
    const handle = openDevice(path);
    if (handle === undefined) throw new Error("the random device is gone or replaced");
    const { closeSync, readSync } = fs();
    try {
      for (let filled = 0; filled < target.length; ) {
        const read = readSync(handle, target, filled, target.length - filled, null);
        if (read <= 0) throw new Error("short read from the random device");
        filled += read;
      }
    } finally {
      closeSync(handle);
    }
  };
}

/** Hands out pooled bytes from `source`, never the same byte twice; a failing source gives way to Web Crypto. */
export function createRandomPool(source: ByteSource | undefined): (target: Uint8Array) => void {
  let fill = source ?? webCryptoSource;
  const pool = new Uint8Array(POOL_SIZE);
  let offset = POOL_SIZE;
  return (target) => {
    for (let i = 0; i < target.length; ) {
      if (offset === POOL_SIZE) {
        try {
          fill(pool);
        } catch {
          fill = webCryptoSource;
          fill(pool);
        }
        offset = 0;
      }
      const n = Math.min(target.length - i, POOL_SIZE - offset);
      target.set(pool.subarray(offset, offset + n), i);
      // Used bytes are wiped, so the pool never holds what an id already carries.
      pool.fill(0, offset, offset + n);
      offset += n;
      i += n;
    }
  };
}

let shared: ((target: Uint8Array) => void) | undefined;

/** Fills `target` with cryptographically secure random bytes. */
export function randomFill(target: Uint8Array): void {
  (shared ??= createRandomPool(deviceSource()))(target);
}
