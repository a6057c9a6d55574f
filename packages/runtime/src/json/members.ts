/**
 * Members of every object in a JSON.parse tree. JSON.parse keeps one own member per distinct
 * decoded name, so this equals the text's member count exactly when no object repeats a name.
 * Iterative, so a deep tree cannot exhaust the stack. Uses for-in, which allocates nothing but also
 * lists inherited enumerable names: only valid while `prototypeIsClean()`.
 */
export function memberCount(root: unknown): number {
  if (typeof root !== "object" || root === null) return 0;
  const pending: object[] = [root];
  let count = 0;
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === "object" && item !== null) pending.push(item);
      }
      continue;
    }
    for (const name in node) {
      count++;
      const value: unknown = (node as Record<string, unknown>)[name];
      if (typeof value === "object" && value !== null) pending.push(value);
    }
  }
  return count;
}

/** Whether Object.prototype has no enumerable member (a polluted one would add to every object's count). */
export function prototypeIsClean(): boolean {
  for (const _ in {}) return false;
  return true;
}
