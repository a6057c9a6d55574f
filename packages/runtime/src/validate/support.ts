/**
 * Helpers generated validators call: code-point length, JSON equality, and the validator contract.
 * A validator that falls back to Ajv's standalone code imports them here instead of `require()`ing
 * ajv, so it is real ESM with no dependency.
 */

import type { MemberProof } from "../json/types.js";

/** String length in Unicode code points (what JSON Schema's minLength/maxLength count). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++, length++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low surrogate is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return length;
}

/** Structural equality of JSON values (enum, const, uniqueItems). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A finite number as an exact decimal: coefficient × 10^exponent, from its shortest round-trip spelling. */
function decimal(n: number): [coefficient: bigint, exponent: number] {
  const [mantissa = "0", power = "0"] = String(Math.abs(n)).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const coefficient = BigInt(whole + fraction);
  return [n < 0 ? -coefficient : coefficient, Number(power) - fraction.length];
}

/**
 * multipleOf on the decimal values, as JSON Schema defines it: 1.13 is a multiple of 0.01 although
 * 1.13 / 0.01 is 112.99999999999999 in binary floating point, and 1e300 is not a multiple of 0.3
 * although that quotient is a whole double.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  if (!Number.isFinite(value)) return false;
  const [a, ea] = decimal(value);
  const [b, eb] = decimal(divisor);
  const e = Math.min(ea, eb);
  return (a * 10n ** BigInt(ea - e)) % (b * 10n ** BigInt(eb - e)) === 0n;
}

/**
 * A validation failure as the operator sees it: paths, keyword and the params that make it
 * actionable, all from the schema except an undeclared member's name (escaped and cut, see
 * shownName); never an instance value.
 */
export interface ValidationIssue {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params?: ValidationIssueParams;
}

export interface ValidationIssueParams {
  /** The property a `required` or `dependentRequired` names. */
  readonly missingProperty?: string;
  /** The bound of maxLength, maximum, minItems and the other count and comparison keywords. */
  readonly limit?: number;
  /** The expected type(s), comma-separated. */
  readonly type?: string;
  /** The name of the member additionalProperties or unevaluatedProperties refused. */
  readonly additionalProperty?: string;
  readonly unevaluatedProperty?: string;
}

/** What a generated validator leaves in `errors`; `params` can echo data and stays inside the runtime. */
export interface ValidatorError extends Omit<ValidationIssue, "params"> {
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface Validator {
  (data: unknown): boolean;
  errors?: readonly ValidatorError[] | null;
  /** Failures left out of `errors` by its bound (generated boolean validators only). */
  truncated?: number;
  /** Its member count, for the strict parse (generated response validators whose schema allows one). */
  proof?: MemberProof | undefined;
}

/**
 * A validator's verdict on data it did not build: "threw" when the data broke it, for example a
 * value nested deeper than the stack under a recursive schema. Its `errors` then say nothing.
 */
export function verdictOf(validate: Validator, data: unknown): boolean | "threw" {
  try {
    return validate(data);
  } catch {
    return "threw";
  }
}
