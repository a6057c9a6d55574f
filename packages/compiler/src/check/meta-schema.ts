import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { splitPointer } from "../load/pointer.js";

type Locate = (pointer: string) => SourceRange;

// One instance for the whole run: compiling the 2020-12 meta-schema is the expensive part.
let metaValidator: Ajv2020 | undefined;

/** The first error at each place: one mistake often fails several branches of the meta-schema. */
function firstPerPlace(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.instancePath) && seen.add(e.instancePath));
}

/** What an error is about: the keyword, or for an array item the keyword and index (`required/0`). */
function shownName(tokens: readonly string[]): string {
  const last = tokens.at(-1);
  if (last === undefined) return "schema";
  return /^\d+$/.test(last) && tokens.length > 1 ? `${tokens.at(-2)}/${last}` : last;
}

/**
 * Keyword values against the JSON Schema 2020-12 meta-schema (`maxLength: "4"`, `type: strng`,
 * `required: id`), each reported where it is written. Unknown keywords are TG218's, not checked here.
 */
export function checkMetaSchema(schema: unknown, pointer: string, locate: Locate, sink: DiagnosticSink): void {
  metaValidator ??= new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  if (metaValidator.validateSchema(schema as boolean | Record<string, unknown>) === true) return;
  for (const e of firstPerPlace(metaValidator.errors ?? [])) {
    const keyword = shownName(splitPointer(e.instancePath) ?? []);
    sink.report(diagnostic("TG210", locate(`${pointer}${e.instancePath}`), { detail: `${keyword} ${e.message ?? `fails ${e.keyword}`}` }));
  }
}
