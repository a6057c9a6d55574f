/**
 * The tools one task may use, so a model is offered, and can call, only what its task needs: the
 * same subset of every vendor's definition list, and the dispatch check for what the model then calls.
 */

/** Any generated tool definition: MCP, Anthropic, Gemini and Responses carry `name`, Chat Completions `function.name`. */
export type NamedTool = { readonly name: string } | { readonly function: { readonly name: string } };

export interface ToolScope<Name extends string> {
  readonly names: readonly Name[];
  /** Whether a call the model made may be dispatched in this task. */
  allows(name: string): name is Name;
  /** The scope's entries of one vendor's list, in that list's order; throws when one is missing. */
  definitions<T extends NamedTool>(tools: readonly T[]): T[];
}

const nameOf = (tool: NamedTool): string => ("function" in tool ? tool.function.name : tool.name);

/** Pass the generated `ToolName` as `Name` so a misspelt tool fails to compile. */
export function toolScope<Name extends string>(names: readonly Name[]): ToolScope<Name> {
  const allowed = new Set<string>(names);
  return {
    names: Object.freeze([...allowed]) as readonly Name[],
    allows: (name: string): name is Name => allowed.has(name),
    definitions<T extends NamedTool>(tools: readonly T[]): T[] {
      const picked = tools.filter((tool) => allowed.has(nameOf(tool)));
      const found = new Set(picked.map(nameOf));
      const missing = [...allowed].filter((name) => !found.has(name));
      if (missing.length > 0) throw new RangeError(`no definition for ${missing.map((n) => JSON.stringify(n)).join(", ")} in this list`);
      return picked;
    },
  };
}
