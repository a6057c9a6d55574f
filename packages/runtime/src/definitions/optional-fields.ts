/**
 * OpenAI strict mode requires every property, so the compiler turns an optional property into a
 * required, nullable one. The model then sends `null` for "absent". This undoes exactly that
 * transformation before the arguments reach the tool's own input validator.
 */

/** Where the transformed optional properties are: generated per tool from its input schema. */
export interface OptionalFields {
  /** Properties of this object that were optional (and never accepted null) in the spec. */
  readonly optional?: readonly string[];
  readonly properties?: { readonly [name: string]: OptionalFields };
  readonly items?: OptionalFields;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A copy of `args` without the `null`s that stand for omitted optional properties. */
export function omitNullOptionals(args: unknown, fields: OptionalFields): unknown {
  if (Array.isArray(args)) return fields.items ? args.map((item) => omitNullOptionals(item, fields.items!)) : args;
  if (!isPlainObject(args)) return args;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === null && fields.optional?.includes(key)) continue;
    const nested = fields.properties && Object.hasOwn(fields.properties, key) ? fields.properties[key] : undefined;
    // defineProperty: a "__proto__" key from parsed JSON stays data and cannot reach the prototype.
    Object.defineProperty(out, key, { value: nested ? omitNullOptionals(value, nested) : value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
