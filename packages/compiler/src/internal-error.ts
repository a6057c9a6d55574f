import type { EmitResult, ScopedEmitter } from "./emit/emitter.js";
import type { ProjectIR } from "./ir/types.js";

/**
 * A compiler bug met while compiling one spec. The CLI reports it with exit 3; naming the spec lets
 * the user work around it (and report it) without a stack trace.
 */
export class InternalError extends Error {
  constructor(readonly spec: string, cause: unknown) {
    super(`${spec}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "InternalError";
  }
}

/** Runs `work` for `spec`; anything it throws comes out as an InternalError naming the spec. */
export async function forSpec<T>(spec: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw e instanceof InternalError ? e : new InternalError(spec, e);
  }
}

/**
 * A project emitter; when it throws, the spec it failed on is found by running it on each tool
 * alone (the failure path only, so the usual run stays one pass).
 */
export async function projectNamed(emitter: ScopedEmitter<"project">, project: ProjectIR): Promise<EmitResult> {
  try {
    return await emitter.emit(project);
  } catch (e) {
    for (const tool of project.tools) await forSpec(tool.specPath, () => emitter.emit({ ...project, tools: [tool] }));
    throw new InternalError(project.tools.map((t) => t.specPath).join(", ") || "the specs directory", e);
  }
}
