import type { Options } from "json-schema-to-typescript";
// jstt's own identifier rule (pinned 16.0.0), so user text is compared as the name jstt would make of it.
import { toSafeString } from "json-schema-to-typescript/dist/src/utils.js";
import { transformSchema, type SchemaObject } from "../schema/walk.js";
import { ROOT_KEYS, type ToolNames } from "../codegen/names.js";

type Roots = Readonly<Record<"input" | "output" | "agentView", SchemaObject>>;

export interface TypeNaming {
  /** The schema jstt compiles: the tool's definitions and its three roots, titled with their type names. */
  readonly root: (defs: Readonly<Record<string, unknown>>, roots: Roots) => SchemaObject;
  readonly customName: NonNullable<Options["customName"]>;
}

/**
 * Generated type names never collide. Other modules import the roots' names from types.ts, which
 * also declares `<Tool>Result` and imports `AgentResult`; a user schema that jstt would name like
 * one of those (after its title, its $id or its $defs key) is named `<Name>_2` instead, and jstt
 * numbers any clash among user names itself.
 */
export function typeNaming(names: ToolNames): TypeNaming {
  const reserved = new Set([names.input, names.output, names.agentView, names.result, "AgentResult"].map(String));
  const free = (wanted: string): string | undefined => {
    const safe = toSafeString(wanted);
    return reserved.has(safe) ? `${safe}_2` : undefined;
  };
  // Titles are renamed before jstt runs, so the roots are the only schemas titled with a reserved name:
  // jstt moves a title onto an intersection schema it derives, which customName could not trace back.
  const retitle = (schema: unknown): unknown =>
    transformSchema(schema, "", (node) => {
      const title = typeof node.title === "string" ? free(node.title) : undefined;
      return title === undefined ? node : { ...node, title };
    });
  const titled = (schema: SchemaObject, name: unknown): SchemaObject => ({ ...(retitle(schema) as SchemaObject), title: String(name) });
  return {
    root: (defs, roots) => ({
      $defs: {
        ...Object.fromEntries(Object.entries(defs).map(([key, schema]) => [key, retitle(schema)])),
        [ROOT_KEYS.input]: titled(roots.input, names.input),
        [ROOT_KEYS.output]: titled(roots.output, names.output),
        [ROOT_KEYS.agentView]: titled(roots.agentView, names.agentView),
      },
    }),
    // A titled schema is named after its title (ours, or already renamed); otherwise jstt's own precedence.
    customName: (schema, key) => {
      if (schema.title) return undefined;
      const wanted = schema.$id || key;
      return wanted ? free(wanted) : undefined;
    },
  };
}
