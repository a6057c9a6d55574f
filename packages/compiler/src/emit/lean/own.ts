import { _, type Code } from "../../codegen/code.js";
import type { ModuleContext } from "./context.js";

/**
 * Own-member tests for the reads `d.x` and `d[k]`: a value inherited from a polluted prototype must
 * never count as present nor pass as checked data. `Object.prototype.hasOwnProperty` is captured
 * once per module; V8 turns its `.call` on a for-in key into a map check.
 */
export function hasOwn(ctx: ModuleContext, data: Code, key: string | Code): Code {
  const name = ctx.pooled("own", "hasOwnProperty", (n) => _`const ${n} = Object.prototype.hasOwnProperty;`);
  return _`${name}.call(${data}, ${key})`;
}

/** `d.x !== undefined && own(d, "x")`: the member is there and it is the object's own. */
export const ownPresent = (ctx: ModuleContext, data: Code, value: Code, key: string): Code => _`${value} !== undefined && ${hasOwn(ctx, data, key)}`;

/** `d.x === undefined || !own(d, "x")`: what `required` refuses. */
export const ownAbsent = (ctx: ModuleContext, data: Code, value: Code, key: string): Code => _`${value} === undefined || !${hasOwn(ctx, data, key)}`;
