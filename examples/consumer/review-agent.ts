/**
 * A consumer of the generated adapters, type-checked in CI: what an agent runtime writes around a
 * tool call. The agent view is a closed type, so reading a field outside the allowlist does not compile.
 */
import { reviewStatus, type ReviewStatusResult } from "../../generated/index.js";

/** Renders a review_status result for the model's context: only agent-visible facts. */
export function renderForAgent(result: ReviewStatusResult): string {
  if (result.outcome === "failure") {
    return `review_status failed: ${result.error.code}; next step: ${result.error.action}`;
  }
  const view = result.data;
  // @ts-expect-error reviewed_by is in the upstream payload but outside the agent view.
  void view.reviewed_by;
  // @ts-expect-error message (free text from the upstream) never reaches the agent.
  void view.message;
  return `${view.change_id} is ${view.decision} (observed ${view.observed_at})`;
}

/** One call through the adapter: validate arguments, fetch, adapt. */
export async function checkReview(changeId: string, fetchRaw: (id: string) => Promise<string>): Promise<string> {
  const started = reviewStatus.call({ change_id: changeId });
  if (!started.ok) return renderForAgent(started.result);
  const raw = await fetchRaw(started.call.request_id);
  return renderForAgent(reviewStatus.adapt(raw, started.call));
}
