import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirsPerTest } from "./support/built-cli.js";
import { taggedBlocks } from "./support/readme-blocks.js";
import { mustRun } from "./support/shell.js";
import { packedTarballs, runBlocks } from "./support/walkthrough.js";

// toolgate installed as a user installs it: the four packages packed with `npm pack`, installed
// into a new project under the system's temp directory (outside this workspace, so nothing resolves
// from the repository's node_modules), with the README's own commands.

const TSCONFIG = { compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, rootDir: ".", outDir: "dist", types: [] }, include: ["src", "specs", "generated"] };

/** Calls the example tool's adapter on a response that fits its contract and on one that does not. */
const ADAPT_SCRIPT = `import { orderStatus } from "../generated/index.js";

const now = new Date().toISOString();
const good = { order_id: "ord_A1b2C3d4", status: "shipped", placed_at: "2026-01-01T00:00:00Z", shipped_at: "2026-01-02T00:00:00Z", observed_at: now };
const results = [good, { ...good, status: "lost" }].map((response) => {
  const started = orderStatus.call({ order_id: "ord_A1b2C3d4" });
  if (!started.ok) throw new Error("the input was refused");
  return orderStatus.adapt(JSON.stringify(response), started.call);
});
console.log(JSON.stringify(results));
`;

describe("toolgate installed from its tarballs, outside the workspace", () => {
  let env: Record<string, string> = {};
  let dispose = async (): Promise<void> => {};
  const newDir = tempDirsPerTest("install");

  beforeAll(async () => {
    ({ env, dispose } = await packedTarballs());
  }, 300_000);
  afterAll(() => dispose());

  it("packs the bin, the spec schema and the built code, and no build state", async () => {
    const listing = await mustRun(env["TOOLGATE_PACKAGES"]!, 'for f in *.tgz; do tar tzf "$f"; done', env);
    expect(listing).toContain("package/bin/toolgate.js");
    expect(listing).toContain("package/toolspec.schema.json");
    expect(listing).toContain("package/dist/toolgate-runtime.js");
    expect(listing).not.toContain(".tsbuildinfo");
    expect(listing).not.toContain("dist/build-stamp");
  });

  it("installs, sets up, generates code that type-checks and adapts, and passes gen --check", async () => {
    const dir = await newDir();
    await runBlocks(dir, taggedBlocks("install"), env);
    await mustRun(dir, "npx toolgate init", env);
    expect(await mustRun(dir, "npx toolgate gen", env)).toContain("toolgate: 1 tools, 11 files written");
    await writeFile(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
    await mkdir(join(dir, "src"));
    await writeFile(join(dir, "src", "adapt.ts"), ADAPT_SCRIPT);
    await mustRun(dir, "npx tsc --noEmit", env);
    await mustRun(dir, "npx tsc", env);
    const [good, bad] = JSON.parse(await mustRun(dir, "node dist/src/adapt.js", env));
    expect(good).toMatchObject({ outcome: "success", data: { order_id: "ord_A1b2C3d4", status: "shipped" } });
    expect(good.data).not.toHaveProperty("placed_at");
    expect(bad).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE", action: "stop_and_report" } });
    await mustRun(dir, "npx toolgate gen --check", env);
  }, 600_000);

  it("runs the README walk-through, command by command, with its files", async () => {
    const dir = await newDir();
    await runBlocks(dir, taggedBlocks("walkthrough"), env);
  }, 600_000);
});
