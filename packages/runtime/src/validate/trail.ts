import { deepEqual, type Validator, type ValidatorError } from "./support.js";

/**
 * Where a generated boolean validator failed. The fast path never touches it: a check that fails
 * records the index of its issue (schema path, keyword) and the instance path relative to its own
 * function, and every caller on the way out prepends its segment. Errors cost work only on failure.
 */
type Path = readonly (string | number)[];

interface Cause {
  readonly issue: number;
  readonly path: Path;
}

export class FailureTrail {
  #issue = -1;
  #path: Path = [];
  /** Why each branch of a failed anyOf/oneOf failed, relative to its data (Ajv keeps those too). */
  #causes: readonly Cause[] = [];

  /** Records a failed check; `path` leads from the current function's data to the failing value. */
  fail(issue: number, ...path: (string | number)[]): false {
    this.#issue = issue;
    this.#path = path;
    this.#causes = [];
    return false;
  }

  /**
   * A combinator none of whose branches passed. The branches run again, here on the failure path
   * only, to record why each failed: a `required` inside one still names its field.
   */
  failBranches(issue: number, branches: readonly ((data: unknown) => boolean)[], data: unknown, ...path: (string | number)[]): false {
    const causes: Cause[] = [];
    for (const branch of branches) if (!branch(data)) causes.push({ issue: this.#issue, path: this.#path });
    this.fail(issue, ...path);
    this.#causes = causes;
    return false;
  }

  /** A nested function failed at `path` below the current function's data. */
  within(...path: (string | number)[]): false {
    this.#path = path.concat(this.#path);
    return false;
  }

  /** The failure first, then the causes of a failed combinator, each with its full instance path. */
  errors(issues: readonly ValidatorIssueRow[]): ValidatorError[] {
    return [errorOf(issues, this.#issue, this.#path), ...this.#causes.map((c) => errorOf(issues, c.issue, [...this.#path, ...c.path]))];
  }
}

function errorOf(issues: readonly ValidatorIssueRow[], issue: number, path: Path): ValidatorError {
  const [schemaPath, keyword, missingProperty] = issues[issue] ?? ["#", "unknown"];
  const instancePath = path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
  return missingProperty === undefined
    ? { instancePath, schemaPath, keyword }
    : { instancePath, schemaPath, keyword, params: { missingProperty } };
}

/** One row per failure site of a generated module: schema path, keyword, and `required`'s property name. */
export type ValidatorIssueRow = readonly [schemaPath: string, keyword: string, missingProperty?: string];

/**
 * A generated check as a `Validator`: `errors` holds the first failure (plus, for a failed
 * anyOf/oneOf, why each branch failed), as Ajv's does with allErrors off.
 */
export function toValidator(check: (data: unknown) => boolean, trail: FailureTrail, issues: readonly ValidatorIssueRow[]): Validator {
  const validate: Validator = (data: unknown): boolean => {
    if (check(data)) {
      validate.errors = null;
      return true;
    }
    validate.errors = trail.errors(issues);
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
