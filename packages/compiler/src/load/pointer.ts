/** RFC 6901 JSON Pointers: how every diagnostic names a place inside a document. */

export const escapeToken = (token: string): string => token.replace(/~/g, "~0").replace(/\//g, "~1");
export const unescapeToken = (token: string): string => token.replace(/~1/g, "/").replace(/~0/g, "~");

export const childPointer = (pointer: string, token: string | number): string =>
  `${pointer}/${escapeToken(String(token))}`;

export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** Resolves a pointer in plain JSON data; undefined when any step is missing. */
export function resolvePointer(root: unknown, pointer: string): { value: unknown } | undefined {
  const tokens = splitPointer(pointer);
  if (tokens === undefined) return undefined;
  let node = root;
  for (const token of tokens) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return { value: node };
}

export const parentPointer = (pointer: string): string => pointer.slice(0, Math.max(0, pointer.lastIndexOf("/")));

/** A URI fragment as a JSON Pointer or anchor name; undefined when its %-escapes are malformed. */
export function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}
