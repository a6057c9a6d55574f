#!/usr/bin/env node
// The build stamp (packages/cli/bin/build-stamp.js): `record` stamps the src trees before tsc reads
// them, `commit` makes that the build's stamp once every step succeeded. A failed build keeps the
// old stamp, and a source edited during the build is newer than its stamp: both read as stale.
// Usage: node scripts/build-stamp.mjs record|commit [workspace root, default this checkout]
import { mkdirSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { currentStamp, NEXT_STAMP, STAMP, writeStamp } from "../packages/cli/bin/build-stamp.js";

const [step, root = resolve(import.meta.dirname, "..")] = process.argv.slice(2);
const packagesDir = join(root, "packages");
const dist = join(packagesDir, "cli", "dist");

if (step === "record") {
  mkdirSync(dist, { recursive: true });
  writeStamp(join(dist, NEXT_STAMP), currentStamp(packagesDir));
} else if (step === "commit") {
  renameSync(join(dist, NEXT_STAMP), join(dist, STAMP));
} else {
  process.stderr.write("usage: node scripts/build-stamp.mjs record|commit [workspace root]\n");
  process.exit(2);
}
