import { GeneratedFile } from "../codegen/file.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { ProjectIR, ToolIR } from "../ir/types.js";

export interface EmitResult {
  readonly files: readonly GeneratedFile[];
  /** What a target the emitter writes for cannot take (TG402, TG5xx); schema diagnostics belong to the front end. */
  readonly diagnostics: readonly Diagnostic[];
}

/** What a tool-scoped emitter sees: its one tool, and the only project fact per-tool output depends on. */
export interface ToolInput {
  readonly tool: ToolIR;
  /** Module specifier of the user's hooks module, relative to the output directory. */
  readonly hooksModule: string | undefined;
}

export type EmitScope = "tool" | "project";

interface ScopeInput {
  readonly tool: ToolInput;
  readonly project: ProjectIR;
}

/**
 * The one interface an emitter implements: a pure function of the IR. A `tool` emitter runs once
 * per tool and sees nothing of the others, so tools compile independently (in any order, in any
 * batch, on any worker); a `project` emitter runs once over every tool, sorted by name.
 */
export interface ScopedEmitter<S extends EmitScope> {
  readonly name: string;
  readonly scope: S;
  emit(input: ScopeInput[S]): EmitResult | Promise<EmitResult>;
}

/** An emitter of either scope; `scope` tells them apart. */
export type Emitter = ScopedEmitter<"tool"> | ScopedEmitter<"project">;

export const emitted = (files: readonly GeneratedFile[], diagnostics: readonly Diagnostic[] = []): EmitResult => ({ files, diagnostics });

/** The files and diagnostics of one list, each where EmitResult keeps it. */
export const emittedEach = (out: readonly (GeneratedFile | Diagnostic)[]): EmitResult =>
  emitted(out.filter((f) => f instanceof GeneratedFile), out.filter((f): f is Diagnostic => !(f instanceof GeneratedFile)));
