/**
 * How often the gate may restart its upstream: at most `restarts` within any `windowMs`. A server
 * that keeps crashing is not restarted forever; once the budget is spent, calls fail fast until the
 * oldest restart leaves the window.
 */
export interface RestartLimits {
  readonly restarts: number;
  readonly windowMs: number;
}

export const DEFAULT_RESTART_LIMITS: RestartLimits = { restarts: 3, windowMs: 60_000 };

export class RestartBudget {
  readonly #limits: RestartLimits;
  readonly #now: () => number;
  #taken: number[] = [];

  constructor(limits: RestartLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  /** Takes one restart if the window has room; false when the budget is spent. */
  take(): boolean {
    const now = this.#now();
    this.#taken = this.#taken.filter((at) => now - at < this.#limits.windowMs);
    if (this.#taken.length >= this.#limits.restarts) return false;
    this.#taken.push(now);
    return true;
  }
}
