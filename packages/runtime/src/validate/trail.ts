import { deepEqual, type Validator, type ValidatorError } from "./support.js";

/**
 * Where a generated boolean validator failed. The fast path never touches it: a check that fails
 * records the index of its issue (schema path, keyword) and the instance path relative to its own
 * function, and every caller on the way out prepends its segment. Errors cost work only on failure.
 */
export class FailureTrail {
  #issue = -1;
  #path: readonly (string | number)[] = [];

  /** Records a failed check; `path` leads from the current function's data to the failing value. */
  fail(issue: number, ...path: (string | number)[]): false {
    this.#issue = issue;
    this.#path = path;
    return false;
  }

  /** A nested function failed at `path` below the current function's data. */
  within(...path: (string | number)[]): false {
    this.#path = path.concat(this.#path);
    return false;
  }

  error(issues: readonly ValidatorIssueRow[]): ValidatorError {
    const [schemaPath, keyword, missingProperty] = issues[this.#issue] ?? ["#", "unknown"];
    const instancePath = this.#path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
    return missingProperty === undefined
      ? { instancePath, schemaPath, keyword }
      : { instancePath, schemaPath, keyword, params: { missingProperty } };
  }
}

/** One row per failure site of a generated module: schema path, keyword, and `required`'s property name. */
export type ValidatorIssueRow = readonly [schemaPath: string, keyword: string, missingProperty?: string];

/** A generated check as a `Validator`: `errors` holds the first failure, as Ajv's does with allErrors off. */
export function toValidator(check: (data: unknown) => boolean, trail: FailureTrail, issues: readonly ValidatorIssueRow[]): Validator {
  const validate: Validator = (data: unknown): boolean => {
    if (check(data)) {
      validate.errors = null;
      return true;
    }
    validate.errors = [trail.error(issues)];
    return false;
  };
  validate.errors = null;
  return validate;
}

/** uniqueItems: primitives by value in a Map, structures by deep equality. */
export function hasDuplicateItems(items: readonly unknown[]): boolean {
  const seen = new Set<unknown>();
  const structures: unknown[] = [];
  for (const item of items) {
    if (typeof item === "object" && item !== null) {
      if (structures.some((s) => deepEqual(s, item))) return true;
      structures.push(item);
    } else if (seen.has(item)) return true;
    else seen.add(item);
  }
  return false;
}
