#!/usr/bin/env node
// Runs the build and every test, then prints the plain "N passed, N failed" line CI reads.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

const report = ".vitest-report.json";
const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit" }).status ?? 1;

// Build the packages, then type-check everything that is not a package: generated/, examples/, tests.
if (run("npm", ["run", "-s", "build"]) !== 0 || run("npx", ["tsc", "-p", "tsconfig.test.json"]) !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
rmSync(report, { force: true });
const status = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)]);
try {
  const r = JSON.parse(readFileSync(report, "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""}`);
} catch {
  console.log("0 passed, 1 failed");
}
process.exit(status);
