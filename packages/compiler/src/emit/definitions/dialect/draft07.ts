import type { DialectSchema } from "./portable.js";
import { forEachNode, problem, type Problem } from "./problem.js";

/**
 * Keywords a draft-07 validator ignores or reads another way than 2020-12 does. MCP SDK 1.x clients
 * validate `structuredContent` against `outputSchema` with a draft-07 Ajv by default, so with any of
 * these a valid result can be rejected (prefixItems beside `items: false`) or an invalid one accepted.
 */
const NOT_IN_DRAFT_07 = [
  "prefixItems", "unevaluatedProperties", "unevaluatedItems", "dependentRequired", "dependentSchemas",
  "minContains", "maxContains", "$anchor",
];

export function draft07Problems(dialect: DialectSchema): Problem[] {
  const found: Problem[] = [];
  forEachNode(dialect, (node, origin) => {
    for (const keyword of NOT_IN_DRAFT_07) {
      if (keyword in node) found.push(problem(`${origin}/${keyword}`, `keyword ${keyword} is not read the same way by draft-07 validators`));
    }
    if (Array.isArray(node.items)) found.push(problem(`${origin}/items`, "array-form items is a tuple in draft-07 and invalid in 2020-12"));
  });
  return found;
}
