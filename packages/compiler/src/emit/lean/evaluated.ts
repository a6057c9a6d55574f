import { _, join, member, type Code } from "../../codegen/code.js";
import { childPointer, resolvePointer } from "../../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import { LeanUnsupported, type ModuleContext, type Site } from "./context.js";
import { ownPresent } from "./own.js";
import { refPointer } from "./refs.js";

/**
 * unevaluatedProperties and unevaluatedItems: which members the schema's successful evaluation
 * covered. A term is one subschema met at the same instance location, with the conditions under
 * which it was evaluated successfully: none for the node itself, its allOf members and $ref
 * targets; the branch's own verdict for anyOf/oneOf members, the `if` verdict for then/else,
 * presence for dependentSchemas. What a term covers depends on the keyword (Kind below).
 */

/** A branch's verdict (computed only if some term needs it), or a plain test. */
type Condition = Code | { readonly schema: unknown; readonly at: string; readonly negated?: true };

interface Term {
  readonly conditions: readonly Condition[];
  readonly node: SchemaObject;
  readonly at: string;
  readonly isRoot: boolean;
}

/** What one subschema covers: every member ("all"), those a test accepts, or none (undefined). */
export interface Kind {
  readonly keyword: "unevaluatedProperties" | "unevaluatedItems";
  covers(term: Term, ctx: ModuleContext): Code | "all" | undefined;
}

export interface Coverage {
  /** Branch verdicts computed once, before the loop over the keys. */
  readonly prelude: readonly Code[];
  /** The test "this key was evaluated" on the loop variable; undefined when every key always is. */
  readonly covered: Code | undefined;
}

interface Walk {
  readonly kind: Kind;
  readonly ctx: ModuleContext;
  readonly site: Site;
  readonly terms: Term[];
  readonly prelude: Code[];
  readonly refs: ReadonlySet<string>;
}

/** `const okN = bM(d);` once per branch, so a verdict is computed once however many keys there are. */
function resolve(condition: Condition, walk: Walk, verdicts: Map<string, Code>): Code {
  if (!("at" in condition)) return condition;
  let ok = verdicts.get(condition.at);
  if (ok === undefined) {
    ok = walk.ctx.name("ok");
    verdicts.set(condition.at, ok);
    walk.prelude.push(_`const ${ok} = ${walk.ctx.branch(condition.schema, condition.at)}(${walk.site.data});`);
  }
  return condition.negated ? _`!${ok}` : ok;
}

function visit(node: unknown, at: string, conditions: readonly Condition[], isRoot: boolean, walk: Walk): void {
  if (!isSchemaObject(node)) return;
  walk.terms.push({ conditions, node, at, isRoot });
  const list = (keyword: string): unknown[] => (Array.isArray(node[keyword]) ? (node[keyword] as unknown[]) : []);
  list("allOf").forEach((m, i) => visit(m, childPointer(childPointer(at, "allOf"), i), conditions, false, walk));
  for (const keyword of ["anyOf", "oneOf"]) {
    list(keyword).forEach((m, i) => {
      const memberAt = childPointer(childPointer(at, keyword), i);
      visit(m, memberAt, [...conditions, { schema: m, at: memberAt }], false, walk);
    });
  }
  visitConditional(node, at, conditions, walk);
  if (isSchemaObject(node.dependentSchemas)) {
    for (const [name, m] of Object.entries(node.dependentSchemas)) {
      const present = ownPresent(walk.ctx, walk.site.data, member(walk.site.data, name), name);
      visit(m, childPointer(childPointer(at, "dependentSchemas"), name), [...conditions, present], false, walk);
    }
  }
  const ref = refPointer(node);
  if (ref === undefined) return;
  // A reference back into the same instance would never end; recursion through properties is fine.
  if (walk.refs.has(ref)) throw new LeanUnsupported(walk.kind.keyword, walk.site.at);
  visit(resolvePointer(walk.ctx.document, ref)?.value, ref, conditions, false, { ...walk, refs: new Set([...walk.refs, ref]) });
}

function visitConditional(node: SchemaObject, at: string, conditions: readonly Condition[], walk: Walk): void {
  if (node.if === undefined) return;
  const passed = { schema: node.if, at: childPointer(at, "if") };
  visit(node.if, passed.at, [...conditions, passed], false, walk);
  visit(node.then, childPointer(at, "then"), [...conditions, passed], false, walk);
  visit(node.else, childPointer(at, "else"), [...conditions, { ...passed, negated: true as const }], false, walk);
}

/** "`key` is one of these names or matches one of these patterns"; undefined when there are none. */
export function matchTest(key: Code, names: readonly string[], patterns: readonly string[], ctx: ModuleContext): Code | undefined {
  const tests = names.map((n) => _`${key} === ${n}`);
  for (const p of patterns) tests.push(_`${ctx.regex(p)}.test(${key})`);
  return tests.length === 0 ? undefined : join(tests, " || ");
}

function termTest(term: Term, walk: Walk, verdicts: Map<string, Code>): Code | undefined {
  const covers = walk.kind.covers(term, walk.ctx);
  if (covers === undefined) return undefined;
  if (term.conditions.length === 0) return covers === "all" ? _`true` : covers;
  const when = join(term.conditions.map((c) => resolve(c, walk, verdicts)), " && ");
  return covers === "all" ? _`(${when})` : _`(${when} && (${covers}))`;
}

export function evaluatedCoverage(kind: Kind, schema: SchemaObject, site: Site, ctx: ModuleContext): Coverage {
  const walk: Walk = { kind, ctx, site, terms: [], prelude: [], refs: new Set() };
  visit(schema, site.at, [], true, walk);
  if (walk.terms.some((t) => t.conditions.length === 0 && kind.covers(t, ctx) === "all")) return { prelude: [], covered: undefined };
  const verdicts = new Map<string, Code>();
  const tests = walk.terms.map((t) => termTest(t, walk, verdicts)).filter((t): t is Code => t !== undefined);
  return { prelude: walk.prelude, covered: tests.length === 0 ? _`false` : join(tests, " || ") };
}

/** Names: properties and patternProperties; additionalProperties (or a member's own unevaluatedProperties) covers all. */
export const propertyKind = (key: Code): Kind => ({
  keyword: "unevaluatedProperties",
  covers: ({ node, isRoot }, ctx) => {
    if ("additionalProperties" in node || (!isRoot && "unevaluatedProperties" in node)) return "all";
    const names = isSchemaObject(node.properties) ? Object.keys(node.properties) : [];
    return matchTest(key, names, isSchemaObject(node.patternProperties) ? Object.keys(node.patternProperties) : [], ctx);
  },
});

/** Items: the prefixItems positions and the items contains matches; items (or a member's own unevaluatedItems) covers all. */
export const itemKind = (index: Code, item: Code): Kind => ({
  keyword: "unevaluatedItems",
  covers: ({ node, isRoot, at }, ctx) => {
    if ("items" in node || (!isRoot && "unevaluatedItems" in node)) return "all";
    const tests: Code[] = [];
    if (Array.isArray(node.prefixItems) && node.prefixItems.length > 0) tests.push(_`${index} < ${node.prefixItems.length}`);
    if (node.contains !== undefined) tests.push(_`${ctx.branch(node.contains, childPointer(at, "contains"))}(${item})`);
    return tests.length === 0 ? undefined : join(tests, " || ");
  },
});
