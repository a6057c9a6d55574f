/**
 * The soak benchmark (issue 16): 100,000 calls through the example gateway at a concurrency of 64
 * against a loopback upstream injecting faults, audit file and OTel sink on. Prints calls/s, p50/p99
 * adapter overhead, outcomes by fault and code, wrong-call results, the chain check and RSS growth.
 *
 *   npm run build && node --import tsx bench/soak.ts [calls] [concurrency]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSoak } from "./soak/run.js";

const calls = Number(process.argv[2] ?? 100_000);
const concurrency = Number(process.argv[3] ?? 64);
const dir = mkdtempSync(join(tmpdir(), "toolgate-soak-"));
try {
  const r = await runSoak({ calls, concurrency, dir });
  const rows: [string, string][] = [
    ["calls", `${r.calls} at concurrency ${concurrency}`],
    ["calls/s", (r.calls / r.seconds).toFixed(0)],
    ["adapter overhead p50 / p99", `${r.adapterMs.p50.toFixed(3)} ms / ${r.adapterMs.p99.toFixed(3)} ms`],
    ...Object.entries(r.outcomes)
      .sort()
      .map(([key, count]): [string, string] => [`outcome ${key}`, String(count)]),
    ["misclassified (a fault as success, or a wrong code)", String(r.misclassified)],
    ["timed out under load (the gateway's deadline, not a fault)", String(r.timedOutUnderLoad)],
    ["results bound to the wrong call", String(r.wrongCall)],
    ["events / spans / audit records", `${r.events} / ${r.spans} / ${r.audit.records}`],
    ["audit chain", r.audit.problem === undefined ? "verifies from the anchor to the head" : `BROKEN at line ${r.audit.problem.line}: ${r.audit.problem.message}`],
    ["RSS growth after warm-up (10% of calls)", `${r.rssGrowthMb.toFixed(1)} MB`],
  ];
  console.log("| figure | value |\n|---|---|");
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
