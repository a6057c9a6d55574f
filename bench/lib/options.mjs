// Command-line options of `npm run bench`: a full profile and a fast smoke profile (`--quick`).
import { join } from "node:path";
import { CASES } from "./cases.mjs";
import { resultsDir } from "./paths.mjs";
import { SIZE_NAMES } from "./payload.mjs";

const PROFILES = {
  // Rounds and batch lengths follow perf-anchors §7: ≥ 9 rounds, ≥ 100 ms batches, ≥ 400 ms warm-up.
  full: { rounds: 11, largeRounds: 9, warmupMs: 400, batchMs: 120, coldRuns: 3, lazyRepeats: 9, tools: 1000 },
  quick: { rounds: 3, largeRounds: 3, warmupMs: 60, batchMs: 15, coldRuns: 1, lazyRepeats: 1, tools: 4 },
};

function valueOf(args, name) {
  const prefix = `--${name}=`;
  const arg = args.find((a) => a.startsWith(prefix));
  return arg === undefined ? undefined : arg.slice(prefix.length);
}

/** A comma-separated subset of `names` (all of them when absent), in the order given. */
function parseList(text, option, names) {
  if (text === undefined) return names;
  const picked = text.split(",").filter(Boolean);
  const unknown = picked.filter((s) => !names.includes(s));
  if (unknown.length > 0 || picked.length === 0) throw new Error(`--${option}: expected some of ${names.join(",")}, got ${text}`);
  return picked;
}

function positiveInteger(text, name, fallback) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: expected a positive integer, got ${text}`);
  return n;
}

/** `--quick`, `--sizes=small,large`, `--cases=adapter,typia`, `--rounds=N` (every size), `--tools=N`, `--out=file.md`. */
export function parseOptions(args) {
  const quick = args.includes("--quick");
  const profile = PROFILES[quick ? "quick" : "full"];
  return {
    quick,
    profile: {
      ...profile,
      tools: positiveInteger(valueOf(args, "tools"), "tools", profile.tools),
      rounds: positiveInteger(valueOf(args, "rounds"), "rounds", profile.rounds),
      largeRounds: positiveInteger(valueOf(args, "rounds"), "rounds", profile.largeRounds),
    },
    sizes: parseList(valueOf(args, "sizes"), "sizes", SIZE_NAMES),
    cases: parseList(valueOf(args, "cases"), "cases", Object.keys(CASES)),
    // A smoke run must never overwrite the published table.
    out: valueOf(args, "out") ?? join(resultsDir, quick ? "tmp/quick.md" : "latest.md"),
  };
}
