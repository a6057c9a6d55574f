/**
 * One valid call and response per generated tool, with every optional member filled in, for the
 * prototype-pollution test: each member is removed in turn and a polluted prototype offers it back.
 * Values are distinct within a tool, so one that shows up in a result came from one member only.
 */
export const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const iso = (offsetMs: number): string => new Date(NOW + offsetMs).toISOString();

export interface Sample {
  readonly input: Record<string, unknown>;
  /** The upstream's response; an envelope tool's gets the call's request id. */
  readonly output: (requestId: string) => Record<string, unknown>;
}

export const SAMPLES: Readonly<Record<string, Sample>> = {
  build_status: {
    input: { project_id: "bluebird", revision: "abc1234" },
    output: () => ({
      build: { project_id: "bluebird", revision: "abc1234", result: "passed", duration_seconds: 42 },
      observed_at: iso(-1_000),
      artifacts: ["dist/app.tar"],
    }),
  },
  deployment_status: {
    input: { environment: "staging" },
    output: () => ({ environment: "staging", revision: "def5678", state: "healthy", observed_at: iso(-1_000), replicas: { ready: 3, desired: 4 } }),
  },
  job_run_status: {
    input: { project_id: "bluebird", job: "deploy" },
    output: (requestId) => ({
      tool: "job_run_status",
      request_id: requestId,
      outcome: "success",
      data: {
        project_id: "bluebird",
        run_id: "run_abcdefghijkl",
        state: "failed",
        observed_at: iso(-500),
        log_url: "https://ci.example/runs/1",
        runs: [{ run_id: "run_mnopqrstuvwx", state: "succeeded", started_at: iso(-9_000), triggered_by: "eve" }],
      },
    }),
  },
  review_status: {
    input: { change_id: "CR-42" },
    output: () => ({ change_id: "CR-42", decision: "approved", reviewed_by: "alice", observed_at: iso(-1_000), message: "looks good" }),
  },
  ssh_disk_usage: {
    input: { host: "build-01", mount: "/var" },
    output: () => ({ filesystem_ok: true, mounts: [{ mount: "/", size_kb: 100, used_kb: 40, avail_kb: 60, use_percent: 40 }] }),
  },
};
