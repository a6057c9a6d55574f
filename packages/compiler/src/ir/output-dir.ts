import { posix } from "node:path";
import type { ToolIR } from "./types.js";

/**
 * The one place that decides where a tool's files go, relative to the output directory: the spec's
 * folder below the specs directory, then the tool name, so the output mirrors the specs tree
 * (`specs/build_status.yaml` → `build_status`, `specs/team/ci/run.yaml` with tool `run` → `team/ci/run`).
 * Spec paths are `<specs directory>/<path below it>` (CompileInput.files), so the first segment is dropped.
 */
export function outputDirOf(tool: Pick<ToolIR, "tool" | "specPath">): string {
  const folder = posix.dirname(tool.specPath).split("/").slice(1).join("/");
  return folder === "" ? tool.tool : `${folder}/${tool.tool}`;
}
