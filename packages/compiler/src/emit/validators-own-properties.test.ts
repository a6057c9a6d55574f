import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standaloneSource, toRuntimeModule } from "./validators.js";
import { repoRoot, scratchDir } from "../../../../test/support/project.js";

/**
 * Where the boolean emitter declines, a tool keeps Ajv's standalone code: it too must never let a
 * polluted Object.prototype satisfy `required` (issue 10 §3). Ajv skips an inherited optional
 * member instead of failing it; the selector and checks read own members only.
 */
const SCHEMA = {
  $id: "urn:test:own",
  type: "object",
  required: ["decision"],
  properties: { decision: { enum: ["approved", "rejected"] }, note: { type: "string" } },
  additionalProperties: false,
};

let scratch: Awaited<ReturnType<typeof scratchDir>>;
let file: string;
beforeAll(async () => {
  scratch = await scratchDir("ajv-own");
  file = join(scratch.dir, "validate.ts");
  await writeFile(file, toRuntimeModule(standaloneSource(SCHEMA, { validate: "urn:test:own" }), "own"));
});
afterAll(() => scratch.dispose());

/**
 * Verdicts of Ajv's module loaded under a polluted Object.prototype: `{}` with a valid `decision`
 * inherited, then `{ decision }` with an invalid `note` inherited.
 */
async function pollutedVerdicts(enumerable: boolean): Promise<Record<string, boolean>> {
  const script = `
    const pollute = (name, value) => Object.defineProperty(Object.prototype, name, { value, enumerable: ${enumerable}, configurable: true });
    pollute("decision", "approved");
    const { validate } = await import(${JSON.stringify(file)});
    const missing = validate({});
    delete Object.prototype.decision;
    pollute("note", 5);
    console.log(JSON.stringify({ missing, present: validate({ decision: "rejected" }) }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: repoRoot, timeout: 60_000 });
  return JSON.parse(stdout) as Record<string, boolean>;
}

describe("Ajv's standalone validators under a polluted Object.prototype", () => {
  it.each([true, false])("refuse a required member only the prototype has (enumerable: %s)", async (enumerable) => {
    // `present` passes: the inherited `note` (an invalid value) is not the object's, so not checked.
    expect(await pollutedVerdicts(enumerable)).toEqual({ missing: false, present: true });
  });
});
