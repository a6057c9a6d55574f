import { EXAMPLE_TOOL, exampleHooks, exampleSpec } from "@toolgate/compiler";
import { applyEdits, modify, parseTree, type Node as JsonNode, type ParseError } from "jsonc-parser";
import { posix } from "node:path";

/**
 * What `toolgate init` would do to a package, decided from the files it already has and nothing
 * else: the planned writes and what to say about each file. The CLI reads, plans, then writes only
 * when nothing conflicts, so a refused run leaves the directory as it was.
 */

/** Where the specs and the generated code go: POSIX paths relative to the package directory. */
export interface InitLayout {
  readonly specs: string;
  readonly out: string;
}

export interface InitPlan {
  readonly writes: readonly { readonly path: string; readonly content: string }[];
  /** One line per file: created, updated, unchanged, kept. */
  readonly report: readonly string[];
  /** Files init would have to overwrite, or cannot read as what they should be; nothing is written then. */
  readonly conflicts: readonly string[];
}

type FileStep = { readonly write?: string; readonly report: string } | { readonly conflict: string };

/** Every file the plan depends on; the CLI reads these (absent ones are simply missing from the map). */
export const initPaths = (layout: InitLayout): string[] => [specPath(layout), hooksPath(layout), ".gitattributes", "package.json"];

const specPath = (layout: InitLayout): string => posix.join(layout.specs, `${EXAMPLE_TOOL}.yaml`);
const hooksPath = (layout: InitLayout): string => posix.join(layout.specs, "hooks.ts");

function wholeFile(path: string, wanted: string, current: string | undefined): FileStep {
  if (current === undefined) return { write: wanted, report: `created ${path}` };
  if (current === wanted) return { report: `unchanged ${path}` };
  return { conflict: `${path} exists and differs from what init writes; move it away or leave init out` };
}

function gitattributes(layout: InitLayout, current: string | undefined): FileStep {
  const pattern = `${posix.normalize(layout.out)}/**`;
  const line = `${pattern} linguist-generated=true`;
  const marked = (current ?? "").split(/\r?\n/).some((l) => l.trim().split(/\s+/)[0] === pattern && /(^|\s)linguist-generated(=true)?(\s|$)/.test(l));
  if (marked) return { report: "unchanged .gitattributes" };
  if (current === undefined) return { write: `${line}\n`, report: `created .gitattributes (${line})` };
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  return { write: `${current}${separator}${line}\n`, report: `updated .gitattributes (${line})` };
}

const shellWord = (word: string): string => (/^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

function genScripts(layout: InitLayout): [name: string, command: string][] {
  const dirs = [...(layout.specs === "specs" ? [] : ["--specs", layout.specs]), ...(layout.out === "generated" ? [] : ["--out", layout.out])];
  const gen = ["toolgate", "gen", ...dirs].map(shellWord).join(" ");
  return [["gen", gen], ["gen:check", `${gen} --check`]];
}

// A package.json init creates: private (nothing to publish yet) and ESM, as the generated code is.
const NEW_PACKAGE = `${JSON.stringify({ private: true, type: "module", scripts: {} }, null, 2)}\n`;

const member = (object: JsonNode | undefined, name: string): JsonNode | undefined =>
  object?.children?.find((pair) => pair.children?.[0]?.value === name)?.children?.[1];

/** Adds each absent gen script with jsonc-parser's edits, which keep the file's own layout; a script of the same name stays. */
function addScripts(text: string, scripts: JsonNode | undefined, layout: InitLayout): { text: string; added: string[]; kept: string[] } {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? "  ";
  const formattingOptions = { insertSpaces: !indent.startsWith("\t"), tabSize: indent.startsWith("\t") ? 1 : indent.length, eol: "\n" };
  const added: string[] = [];
  const kept: string[] = [];
  for (const [name, command] of genScripts(layout)) {
    const existing = member(scripts, name);
    if (existing !== undefined) {
      if (existing.value !== command) kept.push(name);
      continue;
    }
    text = applyEdits(text, modify(text, ["scripts", name], command, { formattingOptions }));
    added.push(name);
  }
  return { text, added, kept };
}

function packageJson(layout: InitLayout, current: string | undefined): FileStep {
  const errors: ParseError[] = [];
  const tree = parseTree(current ?? NEW_PACKAGE, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || tree?.type !== "object") return { conflict: "package.json is not a JSON object; fix it, then run init again" };
  const scripts = member(tree, "scripts");
  if (scripts !== undefined && scripts.type !== "object") return { conflict: 'package.json has a "scripts" member that is not an object' };
  const { text, added, kept } = addScripts(current ?? NEW_PACKAGE, scripts, layout);
  // The generated code is ES modules; init says so rather than change how the package's own code loads.
  const notes = [
    ...(kept.length > 0 ? [`kept your own ${kept.map((k) => `"${k}"`).join(", ")} script`] : []),
    ...(member(tree, "type")?.value === "module" ? [] : ['note: it has no "type": "module", which the generated code needs under NodeNext']),
  ].map((note) => `; ${note}`).join("");
  if (added.length === 0) return { report: `unchanged package.json${notes}` };
  return { write: text, report: `${current === undefined ? "created" : "updated"} package.json (scripts ${added.join(", ")})${notes}` };
}

export function planInit(layout: InitLayout, existing: ReadonlyMap<string, string>): InitPlan {
  const steps: [string, FileStep][] = [
    [specPath(layout), wholeFile(specPath(layout), exampleSpec(layout.specs), existing.get(specPath(layout)))],
    [hooksPath(layout), wholeFile(hooksPath(layout), exampleHooks(layout.specs, layout.out), existing.get(hooksPath(layout)))],
    [".gitattributes", gitattributes(layout, existing.get(".gitattributes"))],
    ["package.json", packageJson(layout, existing.get("package.json"))],
  ];
  const writes: { path: string; content: string }[] = [];
  const report: string[] = [];
  const conflicts: string[] = [];
  for (const [path, step] of steps) {
    if ("conflict" in step) conflicts.push(step.conflict);
    else {
      report.push(step.report);
      if (step.write !== undefined) writes.push({ path, content: step.write });
    }
  }
  return { writes, report, conflicts };
}
