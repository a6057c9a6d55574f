export { compileRetryPolicy, MAX_ATTEMPTS_CAP } from "./policy.js";
export type { RetryClass, RetryPolicy } from "./policy.js";
export { executeWithRetry, mayRetry, systemRetryDeps } from "./execute.js";
export type { AttemptContext, AttemptFailure, AttemptObserver, AttemptOutcome, RetryDeps, RetryRun, RetryStop } from "./execute.js";
export { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffCeilingMs, fullJitterDelayMs } from "./backoff.js";
