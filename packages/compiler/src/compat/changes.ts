/**
 * The kinds of contract change the breaking-change gate classifies (README, "The breaking-change
 * gate"), in the manner of `buf breaking`: each has a stable code, the side it can break (agents
 * that call the tool and read its view, or the upstream whose responses the adapter accepts), and
 * whether it is breaking. A breaking change needs a version bump; a compatible one is reported as info.
 */

export type ChangeSide = "agent" | "upstream";

export interface ChangeKind {
  readonly side: ChangeSide;
  readonly breaking: boolean;
  /** What changed, as the diagnostic's message starts. */
  readonly what: string;
}

const kind = (side: ChangeSide, breaking: boolean, what: string): ChangeKind => ({ side, breaking, what });

export const CHANGE_KINDS = {
  TG603: kind("agent", true, "tool removed or renamed"),
  TG604: kind("agent", false, "tool added"),
  TG605: kind("agent", false, "tool definition text changed"),
  TG610: kind("agent", true, "agent view field removed"),
  TG611: kind("agent", true, "agent view field added"),
  TG612: kind("agent", true, "agent view widened"),
  TG613: kind("agent", true, "agent view field made optional"),
  TG614: kind("agent", false, "agent view narrowed"),
  TG615: kind("agent", true, "agent view changed (cannot classify)"),
  TG620: kind("agent", true, "input field made required"),
  TG621: kind("agent", true, "input type or enum narrowed"),
  TG622: kind("agent", true, "input bound or pattern tightened"),
  TG623: kind("agent", true, "input object closed"),
  TG624: kind("agent", true, "input field removed"),
  TG625: kind("agent", false, "input widened"),
  TG626: kind("agent", true, "input changed (cannot classify)"),
  TG630: kind("agent", true, "error code removed"),
  TG631: kind("agent", true, "error action changed"),
  TG632: kind("agent", false, "error code added"),
  TG633: kind("agent", true, "retry class changed"),
  TG634: kind("agent", false, "retry policy changed"),
  TG640: kind("upstream", true, "output field made required"),
  TG641: kind("upstream", true, "output type or enum narrowed"),
  TG642: kind("upstream", true, "output bound or pattern tightened"),
  TG643: kind("upstream", true, "output object closed"),
  TG644: kind("upstream", true, "output field removed from a closed object"),
  TG645: kind("upstream", false, "output widened"),
  TG646: kind("upstream", true, "output changed (cannot classify)"),
  TG650: kind("upstream", true, "limit lowered"),
  TG651: kind("upstream", true, "fresh window shortened"),
  TG652: kind("upstream", true, "check added or changed"),
  TG653: kind("upstream", false, "limit or check relaxed"),
  TG654: kind("upstream", true, "upstream call changed (cannot classify)"),
  TG658: kind("agent", true, "tool renamed"),
  TG659: kind("agent", true, "strict mode turned off"),
  TG660: kind("agent", false, "strict mode turned on"),
  TG661: kind("agent", true, "tool definition parameters changed"),
  TG662: kind("agent", true, "tool definition output schema changed"),
  TG663: kind("agent", true, "tool annotations made less safe"),
  TG664: kind("agent", false, "tool annotations made safer"),
} as const satisfies Record<string, ChangeKind>;

export type ChangeCode = keyof typeof CHANGE_KINDS;

/** One classified change: `path` is a JSON pointer into the tool's contract (`/output/properties/state`). */
export interface Change {
  readonly code: ChangeCode;
  readonly side: ChangeSide;
  readonly breaking: boolean;
  readonly path: string;
  readonly message: string;
}

export const change = (code: ChangeCode, path: string, message: string): Change => ({
  code,
  side: CHANGE_KINDS[code].side,
  breaking: CHANGE_KINDS[code].breaking,
  path,
  message,
});
