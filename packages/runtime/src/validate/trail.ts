import type { MemberProof } from "../json/types.js";
import { deepEqual, type Validator, type ValidatorError } from "./support.js";

/**
 * Why a generated boolean validator failed. The success path never touches this: every check
 * returns false at its first failure. Only then does the validator run the checks' collecting twins
 * with a Collector, and in that run each check records its failure and goes on (a failed `type`
 * leaves only the value it guards), so the operator sees every failure, bounded by MAX_ERRORS.
 */
type Path = readonly (string | number)[];

/** How many failures a validator keeps; the rest are only counted (`Validator.truncated`). */
export const MAX_ERRORS = 16;

/** The facts of a failure site that come from the schema, never from the data. */
export type IssueParams = {
  readonly missingProperty?: string;
  readonly limit?: number;
  readonly type?: string;
  /** Why a value was refused without being judged: a pattern's length guard (compiler TG270). */
  readonly reason?: string;
};

/** One row per failure site of a generated module: schema path, keyword and the site's params. */
export type ValidatorIssueRow = readonly [schemaPath: string, keyword: string, params?: IssueParams];

/** Ajv's names for the member an additionalProperties or unevaluatedProperties failure is about. */
const MEMBER_PARAM: Readonly<Record<string, string>> = { additionalProperties: "additionalProperty", unevaluatedProperties: "unevaluatedProperty" };

class Failures {
  readonly errors: ValidatorError[] = [];
  truncated = 0;
  constructor(readonly issues: readonly ValidatorIssueRow[]) {}

  push(issue: number, path: Path, member?: string): void {
    if (this.errors.length >= MAX_ERRORS) {
      this.truncated++;
      return;
    }
    const [schemaPath, keyword, params] = this.issues[issue] ?? ["#", "unknown"];
    const instancePath = path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
    const all = member === undefined ? params : { ...params, [MEMBER_PARAM[keyword] ?? "member"]: member };
    this.errors.push(all === undefined ? { instancePath, schemaPath, keyword } : { instancePath, schemaPath, keyword, params: all });
  }
}

/** A generated function's collecting twin: it records every failure of `data` into `c`. */
type Collect = (data: unknown, c: Collector) => void;

/** What a generated function records into during the collecting run: `prefix` leads from the root to its data. */
export class Collector {
  constructor(
    private readonly failures: Failures,
    private readonly prefix: Path,
  ) {}

  /** A failed check at `path` below this function's data. */
  add(issue: number, ...path: (string | number)[]): void {
    this.failures.push(issue, this.prefix.concat(path));
  }

  /** An undeclared member `name` of the object at `path` (reported at the object, with its name). */
  member(issue: number, name: string, ...path: (string | number)[]): void {
    this.failures.push(issue, this.prefix.concat(path), name);
  }

  /** The collector of a called function whose data is at `path` below this one's. */
  at(...path: (string | number)[]): Collector {
    return path.length === 0 ? this : new Collector(this.failures, this.prefix.concat(path));
  }

  /** A combinator none of whose branches passed: the failure, then why each branch failed. */
  branches(issue: number, branches: readonly Collect[], data: unknown, ...path: (string | number)[]): void {
    this.add(issue, ...path);
    const inner = this.at(...path);
    for (const branch of branches) branch(data, inner);
  }
}

/**
 * A generated check as a `Validator`: `check` decides, and only when it refuses does `collect` run to
 * say why, against the module's issue table (`issues`, built on the first failure). On failure,
 * `errors` holds every failure (at most MAX_ERRORS; for a failed anyOf/oneOf, why each branch failed
 * follows it) and `truncated` counts the rest. `proof`: the check's member count (json/types.ts).
 */
export function toValidator(check: (data: unknown) => boolean, collect: Collect, issues: () => readonly ValidatorIssueRow[], proof?: MemberProof): Validator {
  let table: readonly ValidatorIssueRow[] | undefined;
  const validate: Validator = (data: unknown): boolean => {
    if (check(data)) {
      validate.errors = null;
      validate.truncated = 0;
      return true;
    }
    const failures = new Failures((table ??= issues()));
    try {
      collect(data, new Collector(failures, []));
    } catch {
      // Data deep enough to break the collecting run passed the first: keep what was collected.
    }
    validate.errors = failures.errors;
    validate.truncated = failures.truncated;
    return false;
  };
  validate.errors = null;
  validate.proof = proof;
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
