import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { childPointer } from "../load/pointer.js";
import { defName } from "../schema/refs.js";
import { isSchemaObject } from "../schema/walk.js";

type Locate = (pointer: string) => SourceRange;

// Keywords that apply a subschema to the same instance. A $ref cycle through only these never reaches
// a smaller value, so no validator and no type generator can finish it; through properties or items
// it is ordinary recursion (a tree), which ends at the data's leaves.
const IN_PLACE_SINGLE = ["not", "if", "then", "else"];
const IN_PLACE_ARRAYS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_MAPS = ["dependentSchemas"];

interface RefEdge {
  readonly target: string;
  /** Where the `$ref` is written, in tool space. */
  readonly at: string;
}

/** The pool definitions `schema` applies to its own instance, with where each `$ref` is written. */
function inPlaceRefs(schema: unknown, pointer: string): RefEdge[] {
  if (!isSchemaObject(schema)) return [];
  const target = typeof schema.$ref === "string" ? defName(schema.$ref) : undefined;
  const own = target === undefined ? [] : [{ target, at: childPointer(pointer, "$ref") }];
  const singles = IN_PLACE_SINGLE.flatMap((k) => inPlaceRefs(schema[k], childPointer(pointer, k)));
  const arrays = IN_PLACE_ARRAYS.flatMap((k) => {
    const list = schema[k];
    return Array.isArray(list) ? list.flatMap((s, i) => inPlaceRefs(s, childPointer(childPointer(pointer, k), i))) : [];
  });
  const maps = IN_PLACE_MAPS.flatMap((k) => {
    const map = schema[k];
    return isSchemaObject(map) ? Object.entries(map).flatMap(([key, s]) => inPlaceRefs(s, childPointer(childPointer(pointer, k), key))) : [];
  });
  return [...own, ...singles, ...arrays, ...maps];
}

/**
 * TG240 for each definition that reaches itself through in-place `$ref`s only (`a: {$ref: b}`,
 * `b: {$ref: a}`), reported once per cycle at the `$ref` that closes it.
 */
export function checkRefCycles(defs: Readonly<Record<string, unknown>>, locate: Locate, sink: DiagnosticSink): void {
  const edges = new Map(Object.entries(defs).map(([name, def]) => [name, inPlaceRefs(def, `/$defs/${name}`)]));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): void => {
    if (done.has(name)) return;
    path.push(name);
    for (const edge of edges.get(name) ?? []) {
      const start = path.indexOf(edge.target);
      if (start >= 0) report(edge, [...path.slice(start), edge.target]);
      else visit(edge.target);
    }
    path.pop();
    done.add(name);
  };
  const report = (edge: RefEdge, cycle: readonly string[]): void =>
    sink.report(diagnostic("TG240", locate(edge.at), { cycle: quote(cycle.join(" → ")) }));
  for (const name of [...edges.keys()].sort()) visit(name);
}
