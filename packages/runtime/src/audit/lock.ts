// Looked up, not imported, like the rest of the runtime: loading node:fs's ESM facade is slow.
const fs = (): typeof import("node:fs") => process.getBuiltinModule("node:fs");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * `<path>.lock` holding our pid, so two processes never continue one chain (it would fork). A lock
 * left by a process that is gone is taken over; returns the release function.
 */
export function lockFile(path: string): () => void {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs().writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => fs().rmSync(lock, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const holder = Number.parseInt(fs().readFileSync(lock, "utf8"), 10);
    if (Number.isSafeInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new Error(`process ${holder} writes this audit file (${lock}); each writer needs its own file`);
    }
    fs().rmSync(lock, { force: true });
  }
  throw new Error(`could not take ${lock}`);
}
