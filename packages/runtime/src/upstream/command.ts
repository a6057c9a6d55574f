import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import type { CatalogCode } from "../errors/catalog.js";
import type { RetryClass } from "../retry/policy.js";
import { sha256Hex } from "../sha256.js";
import { notifyBoundary, type BoundarySink } from "./boundary-sink.js";
import { CappedBytes } from "./capped-bytes.js";
import { checkLimits } from "./limits.js";
import { codeForInterruptedCall, diagnosticName } from "./outcome.js";
import type { UpstreamFailure } from "./outcome.js";
import { StreamDigest } from "./stream-digest.js";

export interface CommandSpec {
  /** Executable run without a shell, so arguments are never re-parsed. */
  readonly file: string;
  readonly args: readonly string[];
  readonly stdin?: Uint8Array | string;
  readonly timeoutMs: number;
  readonly maxStdoutBytes: number;
  /** Replaces the environment when given; otherwise the child inherits it (ssh needs HOME, agent socket). */
  readonly env?: Readonly<Record<string, string>>;
  readonly retryClass: RetryClass;
  /** Declared meanings of non-zero exit codes (e.g. ssh's 255); any other is TEMPORARY_FAILURE. */
  readonly exitCodes?: ReadonlyMap<number, CatalogCode>;
  /** Told of each boundary: process started, stdin written and closed, stdout received. */
  readonly onBoundary?: BoundarySink;
}

/** Operator-channel diagnostics: stderr only as digest and count, never its text or the arguments. */
export interface CommandOperatorRecord {
  readonly exitCode?: number;
  readonly signal?: string;
  readonly errno?: string;
  readonly timedOut: boolean;
  readonly stdoutBytes: number;
  readonly stderrBytes: number;
  readonly stderrSha256: string;
  readonly elapsedMs: number;
}

export interface CommandSuccess {
  readonly ok: true;
  readonly stdout: Uint8Array;
  readonly operator: CommandOperatorRecord;
}

export type CommandFailure = UpstreamFailure<CommandOperatorRecord>;
export type CommandResult = CommandSuccess | CommandFailure;

/**
 * Runs one command. Never throws. Unusable limits or a process that could not be started give
 * INTERNAL_FAILURE with sent=false. Once started it may have acted, so every later failure has
 * sent=true: stdout over the cap is INVALID_RESPONSE; a timeout or death by signal is
 * OUTCOME_UNKNOWN for unsafe operations (TEMPORARY_FAILURE otherwise); a non-zero exit is its
 * declared code or TEMPORARY_FAILURE.
 */
export function runCommand(spec: CommandSpec): Promise<CommandResult> {
  return new Promise((resolve) => new CommandRun(spec, resolve).start());
}

type StopReason = "timeout" | "stdout_overflow";

class CommandRun {
  readonly #startedAt = performance.now();
  readonly #stdout: CappedBytes;
  readonly #stderr = new StreamDigest();
  #stop: StopReason | undefined;
  #timer: NodeJS.Timeout | undefined;
  #settled = false;

  constructor(
    private readonly spec: CommandSpec,
    private readonly resolve: (result: CommandResult) => void,
  ) {
    this.#stdout = new CappedBytes(spec.maxStdoutBytes);
  }

  start(): void {
    let child: ChildProcess;
    try {
      checkLimits(this.spec.timeoutMs, this.spec.maxStdoutBytes);
      child = spawn(this.spec.file, this.spec.args, {
        shell: false,
        stdio: [this.spec.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        windowsHide: true,
        ...(this.spec.env === undefined ? {} : { env: { ...this.spec.env } }),
      });
    } catch (error) {
      this.#settleNotStarted(error);
      return;
    }
    this.#watch(child);
  }

  #watch(child: ChildProcess): void {
    this.#timer = setTimeout(() => this.#halt(child, "timeout"), this.spec.timeoutMs);
    // The pipes are missing only when spawning failed; 'error' reports that.
    child.stdout?.on("data", (chunk: Uint8Array) => {
      if (!this.#stdout.push(chunk)) this.#halt(child, "stdout_overflow");
    });
    child.stderr?.on("data", (chunk: Uint8Array) => this.#stderr.update(chunk));
    child.on("error", (error) => {
      // Only a failed spawn leaves no pid; other errors (a failed kill) end in 'close' as usual.
      if (child.pid === undefined) this.#settleNotStarted(error);
    });
    child.on("close", (exitCode, signal) => this.#settleExited(exitCode, signal));
    const tell = (boundary: Parameters<BoundarySink>[0]): void => notifyBoundary(this.spec.onBoundary, boundary);
    child.once("spawn", () => {
      tell({ boundary: "connection_started" });
      // Without stdin the arguments are the whole request, and the process has them once it runs.
      if (!child.stdin) tell({ boundary: "request_written" });
    });
    if (child.stdin) {
      // A child may exit without reading its input; EPIPE then says nothing the exit status does not.
      child.stdin.on("error", () => {});
      child.stdin.end(this.spec.stdin, () => tell({ boundary: "request_written" }));
    }
  }

  #halt(child: ChildProcess, reason: StopReason): void {
    this.#stop ??= reason;
    child.kill("SIGKILL");
    // A grandchild holding the pipes open must not delay 'close'.
    child.stdout?.destroy();
    child.stderr?.destroy();
  }

  #settleExited(exitCode: number | null, signal: NodeJS.Signals | null): void {
    const exit = { ...(exitCode === null ? {} : { exitCode }), ...(signal === null ? {} : { signal }) };
    const code = this.#exitCode(exitCode, signal);
    if (this.spec.onBoundary && !this.#settled) {
      const stdout = this.#stdout.toBytes();
      notifyBoundary(this.spec.onBoundary, { boundary: "body_received", bytes: this.#stdout.received, sha256: sha256Hex(stdout) });
    }
    if (code === undefined) {
      this.#settle({ ok: true, stdout: this.#stdout.toBytes(), operator: this.#record(exit) });
    } else {
      this.#settle({ ok: false, code, sent: true, operator: this.#record(exit) });
    }
  }

  #exitCode(exitCode: number | null, signal: NodeJS.Signals | null): CatalogCode | undefined {
    if (this.#stop === "stdout_overflow") return "INVALID_RESPONSE";
    if (this.#stop === "timeout" || signal !== null) return codeForInterruptedCall(this.spec.retryClass);
    if (exitCode === 0) return undefined;
    return this.spec.exitCodes?.get(exitCode ?? -1) ?? "TEMPORARY_FAILURE";
  }

  #settleNotStarted(error: unknown): void {
    const errno = diagnosticName((error as { code?: unknown } | null)?.code);
    this.#settle({ ok: false, code: "INTERNAL_FAILURE", sent: false, operator: this.#record(errno ? { errno } : {}) });
  }

  #settle(result: CommandResult): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#timer);
    this.resolve(result);
  }

  #record(extra: { exitCode?: number; signal?: string; errno?: string }): CommandOperatorRecord {
    const stderr = this.#stderr.finish();
    return {
      ...extra,
      timedOut: this.#stop === "timeout",
      stdoutBytes: this.#stdout.received,
      stderrBytes: stderr.bytes,
      stderrSha256: stderr.sha256,
      elapsedMs: Math.round(performance.now() - this.#startedAt),
    };
  }
}
