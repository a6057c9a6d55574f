import { MAX_ERRORS } from "../validate/trail.js";
import { shownName, shownPointer } from "../validate/shown-name.js";
import type { ValidationIssue, ValidationIssueParams, Validator } from "../validate/support.js";

/** The params an operator may see: schema facts, and a refused member's name (shown, never raw). */
const NAME_PARAMS = ["missingProperty", "additionalProperty", "unevaluatedProperty"] as const;

function paramsOf(given: Readonly<Record<string, unknown>> | undefined): ValidationIssueParams | undefined {
  if (given === undefined || given === null || typeof given !== "object") return undefined;
  const kept: { -readonly [K in keyof ValidationIssueParams]: ValidationIssueParams[K] } = {};
  for (const key of NAME_PARAMS) if (typeof given[key] === "string") kept[key] = shownName(given[key]);
  if (typeof given.limit === "number" && Number.isFinite(given.limit)) kept.limit = given.limit;
  const type = Array.isArray(given.type) ? given.type.join(",") : given.type;
  if (typeof type === "string") kept.type = shownName(type);
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * The validator's failures for the event: at most MAX_ERRORS, each with its paths, keyword and the
 * allowlisted params above (anything else a validator put in `params`, such as Ajv's, can echo data).
 */
export function issuesOf(validate: Validator): { issues: ValidationIssue[]; truncated: number } {
  const errors = validate.errors ?? [];
  const issues = errors.slice(0, MAX_ERRORS).map((e): ValidationIssue => {
    const params = paramsOf(e.params);
    const issue = { instancePath: shownPointer(e.instancePath), schemaPath: e.schemaPath, keyword: e.keyword };
    return params === undefined ? issue : { ...issue, params };
  });
  return { issues, truncated: Math.max(0, errors.length - MAX_ERRORS) + (validate.truncated ?? 0) };
}
