// The real runtime, except that createAdapter also records each adapter definition.
import { createAdapter as createRuntimeAdapter } from "@toolgate/runtime";

export * from "@toolgate/runtime";

export const definitions = [];

export function createAdapter(definition) {
  definitions.push(definition);
  return createRuntimeAdapter(definition);
}
