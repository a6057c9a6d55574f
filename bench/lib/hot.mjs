// The hot-path matrix: one fresh process per (size, case).
import { join } from "node:path";
import { libDir } from "./paths.mjs";
import { runNode } from "./spawn.mjs";

export async function runHotCases({ sizes, cases, profile }, dir, log) {
  const cells = sizes.flatMap((size) => cases.map((caseName) => ({ size, caseName })));
  const results = [];
  for (const [i, { size, caseName }] of cells.entries()) {
    const rounds = size === "large" ? profile.largeRounds : profile.rounds;
    const config = { caseName, size, dir, timing: { rounds, warmupMs: profile.warmupMs, batchMs: profile.batchMs } };
    const result = await runNode(join(libDir, "hot-child.mjs"), [JSON.stringify(config)], ["--expose-gc"]);
    log(`[${i + 1}/${cells.length}] ${size} ${caseName}: ${result.ratio.median.toFixed(2)}× JSON.parse`);
    results.push(result);
  }
  return results;
}
