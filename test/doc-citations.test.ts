import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Source comments once cited "seed" documents that were never in the repository; a reader cannot
// follow such a citation. Comments say the reason, or cite a README section. (README.md keeps its
// own wording and is not scanned.)
const MISSING_DOCUMENT = new RegExp(["seed", "0\\d\\d"].join(" "), "i");
const SCANNED = ["packages", "test", "examples", "bench", "scripts"];

const trackedFiles = (): string[] =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...SCANNED], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|mjs|js|md|json|ya?ml)$/.test(file));

describe("citations point into the repository", () => {
  it("no source, test, example, bench or script file cites a seed document", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const citing = files.filter((file) => MISSING_DOCUMENT.test(readFileSync(file, "utf8")));
    expect(citing).toEqual([]);
  });
});
