import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileTexts, scratchDir } from "./support/project.js";

/*
 * Which of a spec's checks the generated readResult runs: bind and fresh checks on agent-view
 * fields. A bind on a field outside the view needs the upstream's output, so it stays on the server
 * and the generated comment says so.
 */

const SPEC = `tool: ticket_owner
version: 1
description: Reads who owns one ticket. Starts nothing, changes nothing.
input:
  type: object
  required: [ticket, team]
  properties:
    ticket: { type: string, pattern: "^T-[0-9]{1,6}$" }
    team: { type: string, pattern: "^[a-z]{1,20}$" }
output:
  type: object
  required: [ticket, team, owner, observed_at]
  properties:
    ticket: { type: string, pattern: "^T-[0-9]{1,6}$" }
    team: { type: string, pattern: "^[a-z]{1,20}$" }
    owner: { enum: [alice, bob] }
    observed_at: { type: string, format: date-time, maxLength: 35 }
agent_view: [ticket, owner, observed_at]
checks:
  - bind: ticket
  - bind: team
  - fresh: { field: observed_at, max_age: 1m, max_future: 5s }
`;

type Read = (result: unknown, args: unknown) => { outcome: string; error?: { code: string } };
let source: string;
let readResult: Read;
let scratch: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  const out = await compileTexts({ "specs/ticket_owner.yaml": SPEC });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  scratch = await scratchDir("client-checks");
  for (const file of out.files) {
    await mkdir(dirname(join(scratch.dir, file.path)), { recursive: true });
    await writeFile(join(scratch.dir, file.path), file.content, "utf8");
  }
  source = out.files.find((f) => f.path === "ticket_owner/client.ts")!.content;
  ({ readResult } = (await import(join(scratch.dir, "ticket_owner/client.ts"))) as { readResult: Read });
});

afterAll(() => scratch.dispose());

const answer = (ticket: string) => {
  const view = { ticket, owner: "alice", observed_at: new Date().toISOString() };
  return { content: [{ type: "text", text: JSON.stringify(view) }], structuredContent: view };
};

describe("the generated readResult's checks", () => {
  it("runs the bind and fresh checks on view fields and names the server-only one", () => {
    expect(source).toContain('return "bind.ticket"');
    expect(source).toContain('return "fresh.observed_at"');
    expect(source).not.toContain('return "bind.team"');
    expect(source).toContain("Checks that need the upstream's output run on the server only: bind.team.");
  });

  it("rejects an answer for another ticket, and cannot see the team", () => {
    const args = { ticket: "T-1", team: "infra" };
    expect(readResult(answer("T-1"), args)).toMatchObject({ outcome: "success" });
    expect(readResult(answer("T-2"), args)).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
  });
});
