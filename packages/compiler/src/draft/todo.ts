/**
 * The TODO markers a drafted spec carries where a person must decide (what the agent sees, the retry
 * class, the checks; what the tool is for): the value `TODO: <hint>` in place of the key's value.
 * `gen` reports each one as an error at its line, so a draft cannot compile until every decision is made.
 */
export const TODO = {
  description: "TODO: say what the tool reads, and that it starts and changes nothing (or what it does change)",
  input: "TODO: declare the call's arguments (JSON Schema of an object)",
  agent_view: "TODO: choose the fields the agent needs",
  checks: "TODO: declare the bind and fresh checks, or write checks: []",
  retry: "TODO: declare whether this operation is safe, idempotent or unsafe",
} as const;
