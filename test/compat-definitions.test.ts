import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/project.js";

/**
 * The manifest records the tool definitions as emitted (compat/definitions.ts builds them with the
 * emitters' own functions): here the checked-in manifest is held equal to what each generated
 * `<tool>/definitions.ts` exports, so the gate compares what agents are actually given.
 */
interface Entry {
  readonly tool: string;
  readonly contract: { readonly definitions: Record<string, unknown> };
}

const manifest = JSON.parse(await readFile(join(repoRoot, "generated/toolgate.manifest.json"), "utf8")) as { tools: Entry[] };

describe("the manifest's rendered definitions", () => {
  it.each(manifest.tools.map((t) => [t.tool, t] as const))("%s: equal to the generated definitions.ts exports", async (tool, entry) => {
    const emitted = (await import(join(repoRoot, "generated", tool, "definitions.ts"))) as Record<string, Record<string, unknown>>;
    const { type: _type, ...responses } = emitted.openaiResponsesTool!;
    expect(entry.contract.definitions).toEqual({
      mcp: emitted.mcpTool,
      openai: emitted.openaiChatTool!.function,
      anthropic: emitted.anthropicTool,
      gemini: emitted.geminiFunctionDeclaration,
    });
    expect(responses).toEqual(emitted.openaiChatTool!.function);
  });
});
