import { defName } from "../schema/refs.js";
import { isPlainObject, refUses } from "./close-objects.js";

/**
 * Which definitions the closing rule closes in place. A plain object definition that some `$ref`
 * uses alone (`items: { $ref: "#/$defs/run" }`) is closed with additionalProperties: false, which
 * every vendor's strict mode understands; if another schema also applies it as a member (allOf,
 * a $ref beside other keywords), the member keeps the open definition and the lone uses get a
 * closed copy under a new name. Every other definition stays open, closed by its referrer.
 */
export interface DefinitionPlan {
  /** Definition name → the name of its closed version (itself when closed in place). */
  readonly twins: ReadonlyMap<string, string>;
  readonly resolve: (ref: string) => unknown;
  readonly closedRef: (ref: string) => string | undefined;
}

const PREFIX = "#/$defs/";

export function planDefinitions(input: unknown, output: unknown, defs: Readonly<Record<string, unknown>>): DefinitionPlan {
  const uses = { alone: new Set<string>(), member: new Set<string>() };
  refUses(input, "/input", true, uses);
  refUses(output, "/output", true, uses);
  for (const [name, def] of Object.entries(defs)) refUses(def, `/$defs/${name}`, false, uses);
  const taken = new Set(Object.keys(defs));
  const twins = new Map<string, string>();
  for (const name of Object.keys(defs).sort()) {
    if (!uses.alone.has(PREFIX + name) || !isPlainObject(defs[name])) continue;
    twins.set(name, uses.member.has(PREFIX + name) ? fresh(`${name}_closed`, taken) : name);
  }
  return {
    twins,
    resolve: (ref) => {
      const name = defName(ref);
      return name !== undefined && Object.hasOwn(defs, name) ? defs[name] : undefined;
    },
    closedRef: (ref) => {
      const twin = twins.get(defName(ref) ?? "");
      return twin === undefined ? undefined : PREFIX + twin;
    },
  };
}

function fresh(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}
