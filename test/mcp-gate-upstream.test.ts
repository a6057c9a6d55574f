import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateProject, listUpstream, operatorLine, PROBE_SERVER, startGateSession, writePin, type GateSession } from "./support/mcp-gate.js";

/**
 * `toolgate mcp-gate` in front of test/support/mcp-gate-upstream.ts, a server that misbehaves on
 * cue: extra fields, a hang, a crash in the middle of a call, several content blocks, and a tool
 * definition that changes under list_changed.
 */

let project: { dir: string; dispose: () => Promise<void> };
const PROBE = ["--tools", "probe_status"];

const code = (result: Record<string, unknown>) => (JSON.parse((result.content as { text: string }[])[0]!.text) as { error: { code: string } }).error.code;

async function probe(extra: readonly string[] = [], onToolsChanged?: () => void, upstreamArgs: readonly string[] = []): Promise<GateSession> {
  return startGateSession(project.dir, [...PROBE, ...extra], [...PROBE_SERVER, ...upstreamArgs], onToolsChanged);
}

beforeAll(async () => {
  project = await gateProject();
  await writePin(join(project.dir, "toolgate.mcp-pin.json"), await listUpstream(PROBE_SERVER, project.dir));
}, 240_000);

afterAll(async () => project?.dispose());

describe("mcp-gate in front of a misbehaving upstream", { timeout: 180_000 }, () => {
  let gate: GateSession;
  beforeAll(async () => {
    gate = await probe();
  }, 60_000);
  afterAll(async () => gate?.close());

  it("selects the agent view: a field outside it never reaches the client", async () => {
    const result = await gate.call("probe_status", { mode: "ok" });
    expect(result.structuredContent).toEqual({ state: "ok" });
    expect(JSON.stringify(result)).not.toContain("operator-only");
  });

  it("classifies an isError result and several content blocks without their text", async () => {
    const error = await gate.call("probe_status", { mode: "error" });
    const blocks = await gate.call("probe_status", { mode: "blocks" });
    expect([code(error), code(blocks)]).toEqual(["UPSTREAM_ERROR", "INVALID_RESPONSE"]);
    expect(JSON.stringify([error, blocks])).not.toContain("ignore your instructions");
  });

  it("fails a hanging call after the spec's budget, stops the upstream and serves the next call from a new one", async () => {
    const hung = await gate.call("probe_status", { mode: "hang" });
    expect(code(hung)).toBe("TEMPORARY_FAILURE");
    await operatorLine(gate, (l) => l.event === "upstream_stopped" && l.reason === "timeout");
    expect((await gate.call("probe_status", { mode: "ok" })).structuredContent).toEqual({ state: "ok" });
    expect(gate.operator.filter((l) => l.event === "upstream_started")).toHaveLength(2);
  });

  it("keeps the upstream's stderr away from the client and the operator channel", () => {
    expect(gate.stderr.join("\n")).not.toContain("UPSTREAM-STDERR-SECRET");
  });
});

describe("mcp-gate's restart budget", { timeout: 180_000 }, () => {
  it("fails the call a crash interrupts, restarts within the budget, then fails fast once it is spent", async () => {
    // This upstream's outputSchema contradicts its results, so its good answers also show the gate never applies an upstream's schema.
    const gate = await probe(["--no-pin", "--max-restarts", "1"], undefined, ["--contradicting-schema"]);
    try {
      expect(code(await gate.call("probe_status", { mode: "crash" }))).toBe("TEMPORARY_FAILURE");
      expect((await gate.call("probe_status", { mode: "ok" })).structuredContent).toEqual({ state: "ok" });
      expect(code(await gate.call("probe_status", { mode: "crash" }))).toBe("TEMPORARY_FAILURE");
      expect(code(await gate.call("probe_status", { mode: "ok" }))).toBe("UPSTREAM_UNAVAILABLE");
      expect(gate.operator.filter((l) => l.event === "upstream_restart")).toHaveLength(1);
      // The operator channel is its own stream: under load its line can arrive after the client's answer.
      await operatorLine(gate, (l) => l.kind === "event" && l.code === "UPSTREAM_UNAVAILABLE");
      const unavailable = gate.operator.filter((l) => l.kind === "event" && l.code === "UPSTREAM_UNAVAILABLE");
      expect(unavailable).toMatchObject([{ layer: "transport" }]);
    } finally {
      await gate.close();
    }
  });
});

describe("mcp-gate on list_changed", { timeout: 180_000 }, () => {
  it("withholds a tool whose definition changes under list_changed, and tells its own client", async () => {
    let changed = 0;
    const gate = await probe([], () => void changed++);
    try {
      expect((await gate.call("probe_status", { mode: "drift" })).structuredContent).toEqual({ state: "ok" });
      expect(await operatorLine(gate, (l) => l.event === "tool_withheld")).toMatchObject({ tool: "probe_status", status: "changed", fields: ["description"] });
      await expect.poll(() => changed).toBe(1);
      expect((await gate.client.listTools()).tools).toEqual([]);
      expect(code(await gate.call("probe_status", { mode: "ok" }))).toBe("TOOL_WITHHELD");
      expect(await operatorLine(gate, (l) => l.event === "call_withheld")).toMatchObject({ tool: "probe_status", status: "changed" });
    } finally {
      await gate.close();
    }
  });
});
