/** Names an imported operation and its arguments get: valid for every vendor, stable across imports. */

/** `listPets` → `list_pets`, `find pet by id` → `find_pet_by_id`, `HTTPServer` → `http_server`. */
export function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** A name matching `^[a-z][a-z0-9_]{0,63}$`: lower snake case, a leading letter, at most 64 characters. */
function vendorName(text: string, fallback: string): string {
  const snake = snakeCase(text);
  const named = snake === "" ? fallback : /^[a-z]/.test(snake) ? snake : `${fallback}_${snake}`;
  return named.slice(0, 64).replace(/_+$/, "");
}

/** The tool (and upstream.operation) name: from the operationId, else from the method and path. */
export function toolName(operationId: string | undefined, method: string, path: string): string {
  return vendorName(operationId ?? `${method} ${path.replace(/[{}]/g, "")}`, "op");
}

const PROPERTY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The input property an OpenAPI parameter becomes. Names the vendors accept as argument names and
 * JavaScript as identifiers are kept; any other (`X-Request-ID`, `page[size]`) becomes lower snake
 * case, and the spec says which parameter it stands for in a comment.
 */
export function propertyName(name: string): string {
  return PROPERTY.test(name) ? name : vendorName(name, "p");
}
