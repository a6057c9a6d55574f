import { childPointer } from "../pointer.js";
import { isSchemaObject, mapSubschemas, type SchemaObject } from "../../schema/walk.js";
import { dialectOfUri, type Dialect } from "./dialects.js";
import type { Relocations } from "./relocate.js";
import { upgradeKeywords, type Entry, type Finding } from "./rules.js";

export type { Finding } from "./rules.js";

/**
 * Rewrites a schema written in `dialect` into 2020-12, node by node, recording every renamed
 * position in `moves` so diagnostics on the upgraded schema still point at the user's line.
 * `report` gets each lossy change and each draft-only keyword (by the pointer as written).
 */
export function upgradeSchema(
  schema: unknown,
  dialect: Dialect,
  pointer: string,
  moves: Relocations,
  report: (writtenPointer: string, finding: Finding) => void,
): unknown {
  if (!isSchemaObject(schema)) return schema;
  const written = moves.written(pointer);
  const at = (f: Finding): void => report(childPointer(written, f.keyword), f);
  const own = ownDialect(schema, dialect, at);
  const node = assemble(upgradeKeywords(schema, own, at), pointer, written, moves);
  return mapSubschemas(node, pointer, (child, p) => upgradeSchema(child, own, p, moves, report));
}

/** A schema resource may declare its own dialect; an unknown one is reported and read as the parent's. */
function ownDialect(schema: SchemaObject, inherited: Dialect, report: (f: Finding) => void): Dialect {
  if (typeof schema.$schema !== "string") return inherited;
  const dialect = dialectOfUri(schema.$schema);
  if (dialect === undefined) report({ code: "TG230", keyword: "$schema", uri: schema.$schema });
  return dialect ?? inherited;
}

function assemble(entries: readonly Entry[], pointer: string, written: string, moves: Relocations): SchemaObject {
  const out: Record<string, unknown> = {};
  for (const { keyword, value, from } of entries) {
    out[keyword] = value;
    if (from !== keyword) moves.record(childPointer(pointer, keyword), childPointer(written, from));
  }
  return out;
}
