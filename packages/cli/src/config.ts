import { closestKeyword, diagnostic, formatDiagnostics, isIgnorable, loadDocument, quote, type Diagnostic, type ErrorFormat, type LoadedDocument } from "@toolgate/compiler/fast";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readFailure } from "./files.js";
import { EXIT, type Io } from "./io.js";

/** A project's settings: the config file's, with the defaults for what it leaves out. Paths are relative to the process's directory. */
export interface ProjectConfig {
  readonly specs: string;
  readonly out: string;
  readonly hooks?: string;
  readonly cacheDir?: string;
  readonly ignoredKeywords?: readonly string[];
  /** TG002, TG101/TG102, TG130–TG134: a project with any of them is not compiled. */
  readonly diagnostics: readonly Diagnostic[];
}

export const CONFIG_FILES = ["toolgate.config.json", "toolgate.config.yaml"] as const;

const DEFAULTS = { specs: "specs", out: "generated" } as const;

/** Config key → the ProjectConfig field it sets; paths are resolved against the config file's directory. */
const PATH_KEYS = { specs: "specs", out: "out", hooks: "hooks", cache: "cacheDir" } as const;
const KEYS = [...Object.keys(PATH_KEYS), "ignored_keywords"];

type Settings = { -readonly [K in keyof Omit<ProjectConfig, "diagnostics">]?: ProjectConfig[K] };

const invalid = (doc: LoadedDocument, key: string, detail: string, pointer = `/${key}`): Diagnostic =>
  diagnostic("TG133", doc.locate(pointer), { key, detail });

function ignoredKeywords(doc: LoadedDocument, value: unknown, found: Diagnostic[]): readonly string[] {
  if (!Array.isArray(value)) {
    found.push(invalid(doc, "ignored_keywords", "expected a list of keyword names"));
    return [];
  }
  value.forEach((keyword, i) => {
    const at = `/ignored_keywords/${i}`;
    if (typeof keyword !== "string" || keyword === "") found.push(invalid(doc, "ignored_keywords", "expected a keyword name", at));
    else if (!isIgnorable(keyword)) found.push(diagnostic("TG134", doc.locate(at), { keyword: quote(keyword) }));
  });
  return value as string[];
}

/** The config file's settings, checked key by key (pure: the text in, settings and diagnostics out). */
export function parseProjectConfig(root: string, path: string, text: string): { settings: Settings; diagnostics: Diagnostic[] } {
  const { document: doc, diagnostics } = loadDocument(path, text);
  if (doc === undefined) return { settings: {}, diagnostics: [...diagnostics] };
  const value = doc.value ?? {};
  if (typeof value !== "object" || Array.isArray(value)) return { settings: {}, diagnostics: [diagnostic("TG131", doc.locate(""))] };
  const settings: Settings = {};
  const found: Diagnostic[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === "ignored_keywords") settings.ignoredKeywords = ignoredKeywords(doc, v, found);
    else if (!Object.hasOwn(PATH_KEYS, key)) {
      const near = closestKeyword(key, KEYS);
      found.push(diagnostic("TG132", doc.locate(`/${key}`), { key: quote(key), suggestion: near === undefined ? "" : ` (did you mean ${quote(near)}?)` }));
    } else if (typeof v !== "string" || v === "") found.push(invalid(doc, key, "expected a path"));
    else settings[PATH_KEYS[key as keyof typeof PATH_KEYS]] = join(root, v);
  }
  return { settings, diagnostics: found };
}

function readConfig(root: string, name: string): { text?: string; problem?: Diagnostic } {
  try {
    return { text: readFileSync(join(root, name), "utf8") };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return {};
    return { problem: diagnostic("TG002", { file: name, line: 1, column: 1 }, { path: quote(name), reason: readFailure(e) }) };
  }
}

/**
 * The project's settings from `toolgate.config.json` or `toolgate.config.yaml` in `root` (none: the
 * defaults). Every command reads them through here; its flags then override them.
 */
export function loadProjectConfig(root: string): ProjectConfig {
  const present = CONFIG_FILES.map((name) => ({ name, ...readConfig(root, name) })).filter((c) => c.text !== undefined || c.problem !== undefined);
  const problems = present.flatMap((c) => (c.problem ? [c.problem] : []));
  if (present.length > 1) problems.push(diagnostic("TG130", { file: present[1]!.name, line: 1, column: 1 }, { file: present[1]!.name, other: present[0]!.name }));
  const file = present[0];
  if (problems.length > 0 || file?.text === undefined) return { ...DEFAULTS, diagnostics: problems };
  const { settings, diagnostics } = parseProjectConfig(root, file.name, file.text);
  return { ...DEFAULTS, ...settings, diagnostics };
}

/** What a command was given on its command line; each flag given overrides the config file. */
export interface ProjectFlags {
  readonly specs?: string;
  readonly out?: string;
  readonly hooks?: string;
  readonly cacheDir?: string;
}

export type ProjectSettings = Omit<ProjectConfig, "diagnostics">;

/**
 * Runs a command on the config file's settings under its flags; exit 2 (the diagnostics printed)
 * when the config file has errors. The config file is looked for in the process's directory.
 */
export async function withProjectConfig(flags: ProjectFlags & { readonly errorFormat: ErrorFormat }, io: Io, run: (project: ProjectSettings) => Promise<number>): Promise<number> {
  const { diagnostics, ...config } = loadProjectConfig(".");
  if (diagnostics.length > 0) {
    io.stderr(formatDiagnostics(diagnostics, flags.errorFormat));
    return EXIT.usage;
  }
  const given = Object.fromEntries((["specs", "out", "hooks", "cacheDir"] as const).flatMap((key) => (flags[key] === undefined ? [] : [[key, flags[key]]])));
  return run({ ...config, ...given });
}
