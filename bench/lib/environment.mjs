// What the report states about the machine and about which parser was measured.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./paths.mjs";

const JSON_SRC = join(repoRoot, "packages/runtime/src/json");
const JSON_DIST = join(repoRoot, "packages/runtime/dist/json");

const sourceFiles = () => readdirSync(JSON_SRC).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"));

/** A source file without an emitted file at least as new means `npx tsc -b` has not run since. */
function isStale(name) {
  const emitted = join(JSON_DIST, name.replace(/\.ts$/, ".js"));
  return !existsSync(emitted) || statSync(emitted).mtimeMs < statSync(join(JSON_SRC, name)).mtimeMs;
}

/** Identifies the built parser, so a report can tell which one it measured and whether it changed mid-run. */
function distFingerprint() {
  const hash = createHash("sha256");
  for (const name of readdirSync(JSON_DIST).filter((n) => n.endsWith(".js")).sort()) hash.update(name).update(readFileSync(join(JSON_DIST, name)));
  return hash.digest("hex").slice(0, 12);
}

export function parserStatus() {
  const sources = sourceFiles();
  return {
    stale: sources.some(isStale),
    fingerprint: distFingerprint(),
  };
}

export function describeEnvironment() {
  const cpu = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    cpu: `${cpu[0]?.model ?? "unknown"} × ${cpu.length}`,
    memoryGb: totalmem() / 2 ** 30,
    loadAverage: loadavg(),
    parser: parserStatus(),
  };
}
