import type { CallerAction, RetryClass } from "@toolgate/runtime";
import type { SourceRange } from "../diagnostics/diagnostic.js";

/**
 * The typed, immutable intermediate representation between the front end (load, resolve, check,
 * normalize) and the emitters. Everything here is deep-frozen plain data, sorted where order is not
 * meaningful, so emitters are pure functions of it.
 */

export type JsonType = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";

/**
 * A schema as the emitters read it: the keywords they look at are typed, every other keyword is
 * carried through as unknown data (validators and definitions copy it as written).
 */
export interface SchemaNode {
  readonly type?: JsonType | readonly JsonType[];
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: Schema;
  readonly items?: Schema;
  readonly prefixItems?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly not?: Schema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly title?: string;
  readonly description?: string;
  readonly format?: string;
  readonly pattern?: string;
  readonly [keyword: string]: unknown;
}

export type Schema = SchemaNode | boolean;

export type FieldPath = readonly string[];

/** What the generated selector copies into the agent view. */
export type Selection =
  | { readonly kind: "value" }
  | { readonly kind: "object"; readonly fields: readonly SelectedField[] }
  | { readonly kind: "array"; readonly items: Selection }
  /** A bounded map (TG306): every own member, each value through `values`. */
  | { readonly kind: "map"; readonly values: Selection }
  /** A recursive definition's view (`ToolIR.viewSelections`), selected by one function that calls itself. */
  | { readonly kind: "ref"; readonly def: string }
  /** `type: [object, null]` or `[array, null]`: null as it is, otherwise `value`. */
  | { readonly kind: "nullable"; readonly value: Selection };

export interface SelectedField {
  readonly key: string;
  readonly required: boolean;
  readonly selection: Selection;
}

/** `pointer` is where the check is written in its spec (`/checks/2`), for diagnostics. */
export type CheckIR = { readonly id: string; readonly pointer: string } & (
  | { readonly kind: "bind"; readonly output: FieldPath; readonly input: FieldPath }
  | { readonly kind: "fresh"; readonly field: FieldPath; readonly maxAgeMs: number; readonly maxFutureMs: number }
  /** `budgetMs` only for an async hook (`async: true`): the hook returns a Promise within that budget. */
  | { readonly kind: "hook"; readonly name: string; readonly budgetMs?: number }
);

export interface ErrorIR {
  readonly code: string;
  readonly action: CallerAction;
  readonly retryable: boolean;
  readonly message: string;
  /** true for catalog codes (their wording lives in the runtime); false for tool-specific ones. */
  readonly catalog: boolean;
  /** true for codes the upstream may send in a failure envelope; false for adapter-only codes. */
  readonly declared: boolean;
}

export type UnknownMembers = "reject" | "ignore";

/** What a call changes, as the spec's `effects` declares it (default in front/effects.ts). */
export type Effects = "read_only" | "additive" | "destructive";

/** An agent framework a spec asks bindings for (`bindings:`). */
export type BindingTarget = "ai-sdk" | "anthropic" | "langchain" | "openai-agents";

export interface ToolIR {
  readonly tool: string;
  readonly version: number;
  readonly title: string | undefined;
  readonly description: string;
  readonly specPath: string;
  /** SHA-256 of the spec file and every file it references, in a stable order. */
  readonly specHash: string;
  readonly input: SchemaNode;
  readonly output: SchemaNode;
  readonly agentView: SchemaNode;
  /** `reject`: the compiler closed every object (README, "Closed by default"). `ignore`: schemas as written; undeclared members are reported, never selected. */
  readonly unknownMembers: UnknownMembers;
  /** Definitions shared by input, output and agent view (`#/$defs/<name>`). */
  readonly defs: Readonly<Record<string, Schema>>;
  readonly selection: Selection;
  /** Set when the response root is not an object: the member the view puts it under (front/view-root.ts). */
  readonly viewRoot?: "items" | "value";
  /** The selections `ref` selections name, by view definition (`toolgate:view:<def>` in `defs`). */
  readonly viewSelections: Readonly<Record<string, Selection>>;
  readonly checks: readonly CheckIR[];
  readonly errors: readonly ErrorIR[];
  readonly limits: {
    readonly maxBytes: number;
    readonly maxDepth: number;
    readonly losslessIntegerKeys: readonly string[];
    /** Names the strict parser refuses (`__proto__`, `constructor`, `prototype`) that the output's schemas declare: parsed as data. */
    readonly declaredForbiddenKeys: readonly string[];
  };
  readonly effects: Effects;
  /** Sorted; empty unless the spec opts in. */
  readonly bindings: readonly BindingTarget[];
  readonly retry: { readonly class: RetryClass; readonly maxAttempts: number; readonly budgetMs: number; readonly on: readonly string[] };
  readonly upstream: {
    readonly envelope: boolean;
    /** Where an HTTP upstream is called, from `upstream.path`; the adapter module exports it as `<tool>Route`. */
    readonly route: RouteIR | undefined;
    readonly operation: string | undefined;
    readonly openWorld: boolean;
  };
  /** Where each tool-space pointer was written; read it through `locate(tool, pointer)` (ir/locate.ts). */
  readonly locations: SourceMap;
}

/** Tool-space pointer (`/input/…`, `/output/…`, `/$defs/…`, `/agent_view/0`, `/tool`) → where it is written. */
export type SourceMap = Readonly<Record<string, SourceRange>>;

/** Literal text, or a required scalar input field that becomes one percent-encoded path segment. */
export type RouteSegment = { readonly text: string } | { readonly field: FieldPath };

export interface RouteIR {
  readonly method: string;
  /** The template as written, for documentation. */
  readonly path: string;
  readonly segments: readonly RouteSegment[];
}

export interface ProjectIR {
  /** Sorted by tool name. */
  readonly tools: readonly ToolIR[];
  /** Module specifier of the user's hooks module, relative to the output directory, if any hook is used. */
  readonly hooksModule: string | undefined;
  /** A tool list over Anthropic's per-request strict limits: `relax` (default) sends the tools past a limit with strict: false (TG503), `fail` is an error (TG530). */
  readonly strictLimits?: "relax" | "fail";
}
