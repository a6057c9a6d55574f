import type { ToolIR } from "../ir/types.js";
import type { ManifestTool } from "./contract.js";

/** A recorded tool gone from the specs, and the new tool that took its place. */
export interface Rename {
  readonly before: ManifestTool;
  readonly after: ToolIR;
}

/** Same spec file, or same upstream operation (its `operation` name, or its method and path). */
function sameTool(before: ManifestTool, after: ToolIR): boolean {
  if (before.spec === after.specPath) return true;
  const up = before.contract?.upstream;
  if (up === undefined) return false;
  if (up.operation !== null && up.operation === after.upstream.operation) return true;
  const route = after.upstream.route;
  return up.method !== null && up.path !== null && route !== undefined && up.method === route.method && up.path === route.path;
}

/**
 * Pairs each removed tool with the one added tool that is the same tool under a new name; a removed
 * tool with no such match, or with several, stays a removal (TG603) and the additions stay TG604.
 */
export function findRenames(removed: readonly ManifestTool[], added: readonly ToolIR[]): Rename[] {
  const renames: Rename[] = [];
  const taken = new Set<ToolIR>();
  for (const before of removed) {
    const candidates = added.filter((t) => !taken.has(t) && sameTool(before, t));
    if (candidates.length !== 1) continue;
    taken.add(candidates[0]!);
    renames.push({ before, after: candidates[0]! });
  }
  return renames;
}
