import { _, join, member, type Code } from "../../codegen/code.js";
import { childPointer, resolvePointer } from "../../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import { LeanUnsupported, type ModuleContext, type Site } from "./context.js";
import { refPointer } from "./refs.js";

/**
 * unevaluatedProperties: which property names the schema's successful evaluation covered. A term is
 * the names, patterns or "all" of one subschema, plus the conditions under which it was evaluated
 * successfully: none for the node itself, its allOf members and $ref targets; the branch's own
 * verdict for anyOf/oneOf members, the `if` verdict for then/else, presence for dependentSchemas.
 */
/** A branch's verdict (computed only if some term needs it), or a plain test. */
type Condition = Code | { readonly schema: unknown; readonly at: string; readonly negated?: true };

interface Term {
  readonly conditions: readonly Condition[];
  readonly names: readonly string[];
  readonly patterns: readonly string[];
  readonly all: boolean;
}

export interface Coverage {
  /** Branch verdicts computed once, before the loop over the keys. */
  readonly prelude: readonly Code[];
  /** The test "this key was evaluated" on the loop variable; undefined when every key always is. */
  readonly covered: Code | undefined;
}

interface Walk {
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
  walk.terms.push({
    conditions,
    names: isSchemaObject(node.properties) ? Object.keys(node.properties) : [],
    patterns: isSchemaObject(node.patternProperties) ? Object.keys(node.patternProperties) : [],
    // A successful additionalProperties (or a member's own unevaluatedProperties) covers every remaining name.
    all: "additionalProperties" in node || (!isRoot && "unevaluatedProperties" in node),
  });
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
      visit(m, childPointer(childPointer(at, "dependentSchemas"), name), [...conditions, _`${member(walk.site.data, name)} !== undefined`], false, walk);
    }
  }
  const ref = refPointer(node);
  if (ref === undefined) return;
  // A reference back into the same instance would never end; recursion through properties is fine.
  if (walk.refs.has(ref)) throw new LeanUnsupported("unevaluatedProperties", walk.site.at);
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

function termTest(term: Term, key: Code, walk: Walk, verdicts: Map<string, Code>): Code | undefined {
  const inner = term.all ? undefined : matchTest(key, term.names, term.patterns, walk.ctx) ?? null;
  if (inner === null) return undefined;
  if (term.conditions.length === 0) return inner ?? _`true`;
  const when = join(term.conditions.map((c) => resolve(c, walk, verdicts)), " && ");
  return inner === undefined ? _`(${when})` : _`(${when} && (${inner}))`;
}

export function evaluatedCoverage(schema: SchemaObject, site: Site, key: Code, ctx: ModuleContext): Coverage {
  const walk: Walk = { ctx, site, terms: [], prelude: [], refs: new Set() };
  visit(schema, site.at, [], true, walk);
  if (walk.terms.some((t) => t.all && t.conditions.length === 0)) return { prelude: [], covered: undefined };
  const verdicts = new Map<string, Code>();
  const tests = walk.terms.map((t) => termTest(t, key, walk, verdicts)).filter((t): t is Code => t !== undefined);
  return { prelude: walk.prelude, covered: tests.length === 0 ? _`false` : join(tests, " || ") };
}
