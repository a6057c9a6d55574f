import { dirname, relative, resolve, sep } from "node:path";

/** Paths the compiler sees are relative to the specs directory's parent, so output never names the checkout. */
export const fromRoot = (specs: string, path: string): string => relative(dirname(resolve(specs)), resolve(path)).split(sep).join("/");
