import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { SelectedField, Selection } from "../ir/types.js";
import { setMember, type SchemaObject } from "../schema/walk.js";
import { itemsOf, parsePath, stepInto, type Defs, type PathStep } from "./paths.js";
import { expandValue, type ViewDefinition } from "./view-value.js";

/** A trie of the agent_view paths: `runs[].state` and `runs[].id` share the `runs` node. */
interface Trie {
  readonly children: Map<string, TrieNode>;
}
interface TrieNode extends Trie {
  leaf: boolean;
  items: boolean;
  readonly index: number;
  readonly text: string;
}

export interface AgentView {
  readonly selection: Selection;
  readonly schema: SchemaObject;
  /** Closed views of the recursive definitions the view selects, by view definition name. */
  readonly viewDefs: ReadonlyMap<string, ViewDefinition>;
}

type Locate = (pointer: string) => SourceRange;

// Array keywords that stay true of a projection; uniqueItems may not (projected items can collide).
const KEPT_ARRAY_KEYWORDS = ["description", "maxItems", "minItems"];

export function buildAgentView(paths: readonly string[], output: unknown, defs: Defs, locate: Locate, sink: DiagnosticSink): AgentView {
  // Only the paths themselves are checked here (TG303/TG304, errors): a bad one leaves no trie to walk.
  const parsing = sink.scope();
  const root: Trie = { children: new Map() };
  paths.forEach((text, index) => {
    const steps = parsePath(text);
    if (!steps) parsing.report(diagnostic("TG304", locate(`/agent_view/${index}`), { path: quote(text) }));
    else insert(root, steps, index, text, locate, parsing);
  });
  const viewDefs = new Map<string, ViewDefinition>();
  if (parsing.hasErrors()) return { selection: { kind: "object", fields: [] }, schema: {}, viewDefs };
  const built = buildObject(output, "/output", root, { defs, locate, sink, viewDefs });
  return { selection: built.selection, schema: built.schema, viewDefs };
}

function insert(root: Trie, steps: readonly PathStep[], index: number, text: string, locate: Locate, sink: DiagnosticSink): void {
  let node: Trie = root;
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    let child = node.children.get(step.name);
    if (!child) {
      child = { children: new Map(), leaf: false, items: false, index, text };
      node.children.set(step.name, child);
    }
    if ((child.leaf && !last) || (last && (child.children.size > 0 || child.leaf))) {
      sink.report(diagnostic("TG303", locate(`/agent_view/${index}`), { path: quote(text), other: quote(child.text) }));
    }
    child.leaf ||= last;
    child.items ||= step.items && !last;
    node = child;
  });
}

interface Ctx {
  readonly defs: Defs;
  readonly locate: Locate;
  readonly sink: DiagnosticSink;
  readonly viewDefs: Map<string, ViewDefinition>;
}

interface Built {
  readonly selection: Selection;
  readonly schema: SchemaObject;
}

function buildObject(parent: unknown, pointer: string, trie: Trie, ctx: Ctx): Built {
  const fields: SelectedField[] = [];
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, node] of trie.children) {
    const built = buildField(parent, pointer, key, node, ctx);
    if (!built) continue;
    fields.push({ key, required: built.required, selection: built.selection });
    setMember(properties, key, built.schema);
    if (built.required) required.push(key);
  }
  const schema = { type: "object", properties, required, additionalProperties: false };
  return { selection: { kind: "object", fields }, schema };
}

function buildField(parent: unknown, pointer: string, key: string, node: TrieNode, ctx: Ctx): (Built & { required: boolean }) | undefined {
  const step = stepInto(parent, pointer, key, ctx.defs);
  const where = ctx.locate(`/agent_view/${node.index}`);
  if (!step.ok) {
    const d = step.problem === "union"
      ? diagnostic("TG302", where, { path: quote(node.text), keyword: step.keyword })
      : diagnostic("TG301", where, { path: quote(node.text) });
    ctx.sink.report(d);
    return undefined;
  }
  if (node.leaf) {
    const value = expandValue(step.node, step.pointer, node.text, { defs: ctx.defs, sink: ctx.sink, viewDefs: ctx.viewDefs, where });
    return value && { ...value, required: step.required };
  }
  if (!node.items) {
    const problem = notAnObject(step.schema);
    if (problem) return crossing(ctx, where, node, problem);
    return { ...buildObject(step.schema, step.pointer, node, ctx), required: step.required };
  }
  const items = step.schema.type === "array" ? itemsOf(step.schema, step.pointer, ctx.defs) : undefined;
  // Items declared as objects are crossed (their if/then/else only adds required members), and so is an
  // allOf of objects (`Pet` = allOf [NewPet, {id}]).
  if (!items?.ok || (items.schema.type !== "object" && notAnObject(items.schema) !== undefined)) return crossing(ctx, where, node, "items");
  const inner = buildObject(items.schema, items.pointer, node, ctx);
  const kept = Object.fromEntries(KEPT_ARRAY_KEYWORDS.filter((k) => k in step.schema).map((k) => [k, step.schema[k]]));
  return {
    selection: { kind: "array", items: inner.selection },
    schema: { ...kept, type: "array", items: inner.schema },
    required: step.required,
  };
}

/** Why a path cannot continue into a schema's members: a union keyword, or not an object; undefined when it can. */
function notAnObject(schema: SchemaObject): string | undefined {
  const union = ["anyOf", "oneOf", "if"].find((k) => k in schema);
  if (union) return union;
  return schema.type !== "object" && !Array.isArray(schema.allOf) ? "type" : undefined;
}

function crossing(ctx: Ctx, where: SourceRange, node: TrieNode, keyword: string): undefined {
  ctx.sink.report(diagnostic("TG302", where, { path: quote(node.text), keyword }));
  return undefined;
}
