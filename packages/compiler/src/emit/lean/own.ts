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
 * The collecting twins run only after a failure, where speed does not matter but every byte of code
 * is parsed at load: they ask hasOwnProperty alone, which decides the same for a present value.
 */
export function inherited(ctx: ModuleContext, data: Code, key: string): Code {
  const { hasOwn: own, proto } = captured(ctx);
  if (ctx.collecting) return _`!${own}.call(${data}, ${key})`;
  return _`(Object.getPrototypeOf(${data}) !== ${proto} || ${member(proto, key)} !== undefined) && !${own}.call(${data}, ${key})`;
}

/** `d.x` is there and it is the object's own (in a twin: own first, then its value read). */
export function ownPresent(ctx: ModuleContext, data: Code, value: Code, key: string): Code {
  if (ctx.collecting) return _`${hasOwn(ctx, data, _`${key}`)} && ${member(data, key)} !== undefined`;
  return _`${value} !== undefined && !(${inherited(ctx, data, key)})`;
}

/**
 * What `required` refuses in a closed object whose first run counts its required names in the for-in
 * (lean/object.ts): the loop sees own enumerable names only, so the twin asks the same.
 */
export function notEnumerated(ctx: ModuleContext, data: Code, key: string): Code {
  const enumerable = ctx.pooled("enumerable", "propertyIsEnumerable", (n) => _`const ${n} = Object.prototype.propertyIsEnumerable;`);
  return _`!${enumerable}.call(${data}, ${key}) || ${member(data, key)} === undefined`;
}

/** What `required` refuses: `d.x` is not there, or only the prototype has it. */
export function ownAbsent(ctx: ModuleContext, data: Code, value: Code, key: string): Code {
  if (ctx.collecting) return _`!${hasOwn(ctx, data, _`${key}`)} || ${member(data, key)} === undefined`;
  return _`${value} === undefined || (${inherited(ctx, data, key)})`;
}
