import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/project.js";
import { typeCheck } from "./support/typecheck.js";

const SNIPPETS = ["upstream.ts", "ai-sdk.ts", "anthropic.ts", "openai-agents.ts", "langchain.ts", "registry.ts"];

describe('the README "Frameworks" snippets', () => {
  it("are examples/frameworks/*.ts verbatim, and those type-check against the real packages", async () => {
    const readme = await readFile(join(repoRoot, "README.md"), "utf8");
    for (const name of SNIPPETS) {
      const text = await readFile(join(repoRoot, "examples/frameworks", name), "utf8");
      expect(readme, name).toContain(`\`\`\`ts\n// examples/frameworks/${name}\n${text}\`\`\``);
    }
    expect(typeCheck(SNIPPETS.map((name) => join(repoRoot, "examples/frameworks", name)))).toEqual([]);
  }, 120_000);
});
