import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { RetryClass } from "@toolgate/runtime";
import { parseDiskUsage, runCommand, type CommandResult, type CommandSpec } from "@toolgate/runtime/upstream";

/*
 * The command runner against a real child process (test/fixtures/upstream/fake-ssh.mjs) that
 * prints banners, floods stdout, writes a secret to stderr, sleeps, exits non-zero or is killed.
 */

const FAKE_SSH = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/upstream/fake-ssh.mjs");
const SECRET = "tg_canary_Zq81xRv0oLe";
const OPERATOR_FIELDS = new Set(["exitCode", "signal", "errno", "timedOut", "stdoutBytes", "stderrBytes", "stderrSha256", "elapsedMs"]);

function fakeSsh(mode: string, options: Partial<CommandSpec> & { arg?: string; retryClass?: RetryClass } = {}) {
  const { arg, ...spec } = options;
  return runCommand({
    file: process.execPath,
    args: [FAKE_SSH, mode, ...(arg === undefined ? [] : [arg]), `--target=ops@db.internal?token=${SECRET}`],
    timeoutMs: 10_000,
    maxStdoutBytes: 64 * 1024,
    retryClass: "safe",
    ...spec,
  });
}

/** Outside a success's stdout (the next layer's input) there is no secret and no text field. */
function expectSecretFree(result: CommandResult): void {
  const serialized = JSON.stringify(result.ok ? { ...result, stdout: "(next layer)" } : result);
  expect(serialized).not.toContain(SECRET);
  expect(serialized).not.toContain("db.internal");
  expect(Object.keys(result.operator).filter((key) => !OPERATOR_FIELDS.has(key))).toEqual([]);
  expect(result.operator.stderrSha256).toMatch(/^[0-9a-f]{64}$/);
}

const text = (result: CommandResult) => (result.ok ? new TextDecoder().decode(result.stdout) : undefined);

describe("runCommand", () => {
  it("returns stdout of a successful command and parses df output from it", async () => {
    const result = await fakeSsh("df");
    expect(result).toMatchObject({ ok: true, operator: { exitCode: 0, timedOut: false, stderrBytes: 0 } });
    expect(parseDiskUsage(result.ok ? result.stdout : new Uint8Array())).toEqual({
      filesystem_ok: true,
      mounts: [{ mount: "/", size_kb: 102400000, used_kb: 51200000, avail_kb: 46080000, use_percent: 53 }],
    });
    expectSecretFree(result);
  });

  it("runs a command whose stdout carries a banner, which the df parser then rejects", async () => {
    const result = await fakeSsh("banner");
    expect(result.ok).toBe(true);
    expect(parseDiskUsage(result.ok ? result.stdout : new Uint8Array())).toBeNull();
  });

  it("keeps stderr only as SHA-256 and byte count", async () => {
    const stderr = `Warning: identity file /home/ops/.ssh/id_${SECRET} not accessible\n`;
    const result = await fakeSsh("stderr-secret");
    expect(result).toMatchObject({
      ok: true,
      operator: { stderrBytes: stderr.length, stderrSha256: createHash("sha256").update(stderr).digest("hex") },
    });
    expectSecretFree(result);
  });

  it("kills a command whose stdout exceeds the cap and reports INVALID_RESPONSE", async () => {
    const result = await fakeSsh("huge", { maxStdoutBytes: 64 * 1024 });
    expect(result).toMatchObject({ ok: false, code: "INVALID_RESPONSE", sent: true, operator: { signal: "SIGKILL" } });
    // Hard bound: one pipe read past the cap, nowhere near the 5 MiB written.
    expect(result.operator.stdoutBytes).toBeGreaterThan(64 * 1024);
    expect(result.operator.stdoutBytes).toBeLessThanOrEqual(128 * 1024);
  });

  it("times out as OUTCOME_UNKNOWN for an unsafe operation and TEMPORARY_FAILURE for a safe one", async () => {
    const [unsafe, safe] = await Promise.all([
      fakeSsh("sleep", { timeoutMs: 300, retryClass: "unsafe" }),
      fakeSsh("sleep", { timeoutMs: 300, retryClass: "safe" }),
    ]);
    expect(unsafe).toMatchObject({ ok: false, code: "OUTCOME_UNKNOWN", sent: true, operator: { timedOut: true, signal: "SIGKILL" } });
    expect(safe).toMatchObject({ ok: false, code: "TEMPORARY_FAILURE", sent: true, operator: { timedOut: true } });
  });

  it("maps a non-zero exit to TEMPORARY_FAILURE unless a code is declared for it", async () => {
    const exitCodes = new Map([[255, "NETWORK_UNREACHABLE" as const]]);
    const plain = await fakeSsh("exit", { arg: "3", exitCodes });
    const declared = await fakeSsh("exit", { arg: "255", exitCodes });
    expect(plain).toMatchObject({ ok: false, code: "TEMPORARY_FAILURE", sent: true, operator: { exitCode: 3 } });
    expect(declared).toMatchObject({ ok: false, code: "NETWORK_UNREACHABLE", sent: true, operator: { exitCode: 255 } });
    expect(plain.operator.stderrBytes).toBeGreaterThan(0);
    expectSecretFree(plain);
    expectSecretFree(declared);
  });

  it("treats death by a signal as an interrupted call", async () => {
    const result = await fakeSsh("signal", { retryClass: "unsafe" });
    expect(result).toMatchObject({ ok: false, code: "OUTCOME_UNKNOWN", sent: true, operator: { signal: "SIGTERM", timedOut: false } });
  });

  it("reports a missing executable as INTERNAL_FAILURE that was never sent", async () => {
    const result = await runCommand({
      file: `/nonexistent/ssh-${SECRET}`,
      args: [`ops@db.internal`],
      timeoutMs: 1_000,
      maxStdoutBytes: 1024,
      retryClass: "unsafe",
    });
    expect(result).toMatchObject({ ok: false, code: "INTERNAL_FAILURE", sent: false, operator: { errno: "ENOENT", stdoutBytes: 0 } });
    expectSecretFree(result);
  });

  it("reports an argument the OS cannot take as INTERNAL_FAILURE", async () => {
    const result = await fakeSsh("df", { args: [FAKE_SSH, `df\0${SECRET}`] });
    expect(result).toMatchObject({ ok: false, code: "INTERNAL_FAILURE", sent: false });
    expectSecretFree(result);
  });

  it("refuses limits that would disable the cap or the deadline, before starting anything", async () => {
    for (const limits of [{ maxStdoutBytes: Number.NaN }, { timeoutMs: 0 }, { timeoutMs: 2 ** 31 }]) {
      expect(await fakeSsh("df", limits)).toMatchObject({ ok: false, code: "INTERNAL_FAILURE", sent: false, operator: { stdoutBytes: 0 } });
    }
  });

  it("passes stdin to the command and does not go through a shell", async () => {
    const input = `$(echo pwned) ; rm -rf / ${SECRET}`;
    expect(text(await fakeSsh("echo-stdin", { stdin: input }))).toBe(input);
    const viaArgs = await runCommand({ file: process.execPath, args: ["-e", "process.stdout.write(process.argv[1])", "$HOME;`id`"], timeoutMs: 5_000, maxStdoutBytes: 1024, retryClass: "safe" });
    expect(text(viaArgs)).toBe("$HOME;`id`");
  });

  it("replaces the environment when one is given", async () => {
    const result = await fakeSsh("env", { env: { TOOLGATE_PROBE: "1" } });
    expect(JSON.parse(text(result) ?? "null")).toEqual({ TOOLGATE_PROBE: "1" });
  });
});
