import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/project.js";

/** examples/mcp/client.ts as a user runs it: the real SDK client, the example server in a child process over stdio. */
describe("the MCP client example", () => {
  it("lists the server's tools and reads review_status through the generated readResult", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "examples/mcp/client.ts"], { cwd: repoRoot, timeout: 60_000 });
    const [tools, review] = stdout.trimEnd().split("\n");
    expect(tools).toBe("tools: build_status, deployment_status, job_run_status, review_status, ssh_disk_usage");
    expect(review).toMatch(/^review CR-42: approved \(observed \d{4}-\d\d-\d\dT[\d:.]+Z\)$/);
  }, 90_000);
});
