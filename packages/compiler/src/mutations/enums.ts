import { changed, at, type Draft, type MutationContext } from "./draft.js";
import { replaceAt } from "./json-text.js";
import type { Position } from "./positions.js";
import { valuesOf } from "./schema-set.js";

/** Each string enum value in the other letter case and with a trailing space, where the enum refuses that spelling. */

const otherCase = (text: string): string => (text.toUpperCase() !== text ? text.toUpperCase() : text.toLowerCase());

function enumMisses(ctx: MutationContext, p: Position): Draft[] {
  const where = at(p.pointer);
  const drafts: Draft[] = [];
  for (const list of valuesOf(p.set, "enum").filter(Array.isArray)) {
    for (const value of list.filter((v): v is string => typeof v === "string")) {
      const variants: [string, string, string][] = [
        ["enum-case", otherCase(value), "in the other letter case"],
        ["enum-trailing-space", `${value} `, "with a trailing space"],
      ];
      for (const [family, variant, how] of variants) {
        if (list.includes(variant)) continue;
        drafts.push(changed(`${family}:${where}:${JSON.stringify(value)}`, `${JSON.stringify(value)} ${how} at ${where}`, "schema", replaceAt(ctx.response, p.path, variant)));
      }
    }
  }
  return drafts;
}

export function enumMissesOf(ctx: MutationContext): Draft[] {
  return ctx.positions.flatMap((p) => enumMisses(ctx, p));
}
