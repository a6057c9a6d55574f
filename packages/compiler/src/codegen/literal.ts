import { _, join, propertyKey, type Code } from "./code.js";

/**
 * JSON data as a JS literal. Unlike `JSON.stringify`, keys go through `propertyKey`, so a schema key
 * spelled `__proto__` becomes an own property instead of setting the literal's prototype.
 */
export function literal(value: unknown): Code {
  if (Array.isArray(value)) return _`[${join(value.map(literal), ", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, v]) => _`${propertyKey(key)}: ${literal(v)}`);
    return _`{ ${join(entries, ", ")} }`;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) return _`${value}`;
  throw new TypeError(`no JSON literal for a ${typeof value}`);
}
