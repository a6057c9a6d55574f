import { isForbiddenKey } from "@toolgate/runtime";
import { forEachSchema, isSchemaObject } from "../schema/walk.js";

/**
 * The names the strict parser refuses by default (`__proto__`, `constructor`, `prototype`) that the
 * schemas declare under `properties` or `required`, sorted: the parser keeps exactly those as data,
 * so a field the user declared can arrive while any other such name is still refused.
 */
export function declaredForbiddenKeys(schemas: readonly [schema: unknown, pointer: string][]): string[] {
  const found = new Set<string>();
  for (const [schema, pointer] of schemas) {
    forEachSchema(schema, pointer, (node) => {
      const names = [...(isSchemaObject(node.properties) ? Object.keys(node.properties) : []), ...(Array.isArray(node.required) ? node.required : [])];
      for (const name of names) if (typeof name === "string" && isForbiddenKey(name)) found.add(name);
    });
  }
  return [...found].sort();
}
