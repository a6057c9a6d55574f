/** A spec document that has passed the spec-format schema: the shapes below are guaranteed. */
export interface RawCustomError {
  readonly code: string;
  readonly action: "repair_input" | "stop_and_report" | "request_approval" | "retry_after_delay" | "inspect_outcome";
  readonly retryable: boolean;
  readonly message: string;
}

export interface RawCheck {
  readonly id?: string;
  readonly bind?: string | { readonly output: string; readonly input: string };
  readonly fresh?: { readonly field: string; readonly max_age: string; readonly max_future?: string };
  readonly hook?: string;
}

export interface RawSpec {
  readonly tool: string;
  readonly version: number;
  readonly title?: string;
  readonly description: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly agent_view: readonly string[];
  readonly unknown_members?: "reject" | "ignore";
  readonly errors?: readonly (string | RawCustomError)[];
  readonly limits?: { readonly max_bytes?: number | string; readonly max_depth?: number; readonly lossless_integers?: readonly string[] };
  readonly checks?: readonly RawCheck[];
  readonly retry?: { readonly class: "safe" | "idempotent" | "unsafe"; readonly max_attempts?: number; readonly budget?: string; readonly on?: readonly string[] };
  readonly upstream?: {
    readonly envelope?: boolean;
    readonly kind?: "http" | "command" | "other";
    readonly operation?: string;
    readonly method?: string;
    readonly path?: string;
    readonly open_world?: boolean;
  };
}
