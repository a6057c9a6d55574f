import { githubAnnotation, type ErrorFormat } from "@toolgate/compiler";

const FORMATS: readonly string[] = ["text", "json", "github"];

/**
 * The --error-format an argument list asks for, read before the parser runs: a usage error found by
 * the parser must already be printed the way the caller (a CI job, an editor) reads problems.
 * The last valid value wins, as it does in the parser; without one, text.
 */
export function errorFormatOf(argv: readonly string[]): ErrorFormat {
  let format: ErrorFormat = "text";
  for (let i = 0; i < argv.length && argv[i] !== "--"; i++) {
    const arg = argv[i]!;
    const value = arg === "--error-format" ? argv[i + 1] : arg.startsWith("--error-format=") ? arg.slice("--error-format=".length) : undefined;
    if (value !== undefined && FORMATS.includes(value)) format = value as ErrorFormat;
  }
  return format;
}

/** One usage or configuration error (`error: …` or `toolgate: …`) in the chosen format; text stays as written. */
export function formatUsageError(text: string, format: ErrorFormat): string {
  if (format === "text") return text;
  const message = text.replace(/^(error|toolgate): /, "");
  return format === "json" ? JSON.stringify([{ severity: "error", message }]) : githubAnnotation({ severity: "error", message });
}
