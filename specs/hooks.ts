/**
 * Semantic hooks for the example specs: checks a schema cannot express. Each hook is typed against
 * the generated types; `toolgate gen` verifies that every hook a spec names exists with this shape.
 */
import type { ReviewStatusInput, ReviewStatusOutput } from "../generated/review_status/types.js";

// In a real deployment this is the directory service; the examples keep a fixed list.
const KNOWN_REVIEWERS = new Set(["alice", "bob", "carol"]);

export function reviewerIsKnown(output: ReviewStatusOutput, _input: ReviewStatusInput): boolean {
  return KNOWN_REVIEWERS.has(output.reviewed_by);
}
