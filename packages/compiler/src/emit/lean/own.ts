import { _, member, type Code } from "../../codegen/code.js";
import type { ModuleContext } from "./context.js";

/**
 * Own-member tests for the reads `d.x` and `d[k]`: a value inherited from a polluted prototype must
 * never count as present nor pass as checked data. Object.prototype and its hasOwnProperty are
 * captured once per module (data pollution can overwrite the method, never the captured one).
 */
const captured = (ctx: ModuleContext) => ({
  hasOwn: ctx.pooled("own", "hasOwnProperty", (n) => _`const ${n} = Object.prototype.hasOwnProperty;`),
  proto: ctx.pooled("proto", "Object.prototype", (n) => _`const ${n}: any = Object.prototype;`),
});

/** `own.call(d, k)`: in a for-in loop over `d`, V8 reduces this to a check of the enumeration cache. */
export function hasOwn(ctx: ModuleContext, data: Code, key: Code): Code {
  return _`${captured(ctx).hasOwn}.call(${data}, ${key})`;
}

/**
 * Whether `d.x`, read as present, is not the object's own. For a plain object over a clean
 * Object.prototype the first two tests decide it; V8 folds both to constants, deoptimizing when the
 * prototype changes, so the own-property lookup runs only for other prototypes or a polluted one.
 */
export function inherited(ctx: ModuleContext, data: Code, key: string): Code {
  const { hasOwn: own, proto } = captured(ctx);
  return _`(Object.getPrototypeOf(${data}) !== ${proto} || ${member(proto, key)} !== undefined) && !${own}.call(${data}, ${key})`;
}

/** `d.x` is there and it is the object's own. */
export const ownPresent = (ctx: ModuleContext, data: Code, value: Code, key: string): Code => _`${value} !== undefined && !(${inherited(ctx, data, key)})`;

/** What `required` refuses: `d.x` is not there, or only the prototype has it. */
export const ownAbsent = (ctx: ModuleContext, data: Code, value: Code, key: string): Code => _`${value} === undefined || (${inherited(ctx, data, key)})`;
