import { isSchemaObject } from "../../schema/walk.js";
import { LeanUnsupported } from "./context.js";

/**
 * The JSON Pointer a `$ref` names inside the same document ("#" is the root). Other references are
 * resolved by the bundler before this point, so any that remain are left to Ajv.
 */
export function refPointer(node: unknown): string | undefined {
  if (!isSchemaObject(node) || node.$ref === undefined) return undefined;
  const ref = node.$ref;
  if (typeof ref !== "string" || !(ref === "#" || ref.startsWith("#/"))) throw new LeanUnsupported("$ref", "");
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    throw new LeanUnsupported("$ref", "");
  }
}
