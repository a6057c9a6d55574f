import { _, list, propertyKey, type Code } from "./code.js";

/**
 * JSON data as a JS literal. Unlike `JSON.stringify`, keys go through `propertyKey`, so a schema key
 * spelled `__proto__` becomes an own property instead of setting the literal's prototype.
 */
export function literal(value: unknown): Code {
  if (Array.isArray(value)) return list("[", value.map(literal));
  if (value !== null && typeof value === "object") {
    return list("{", Object.entries(value).map(([key, v]) => _`${propertyKey(key)}: ${literal(v)}`));
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) return _`${value}`;
  throw new TypeError(`no JSON literal for a ${typeof value}`);
}
