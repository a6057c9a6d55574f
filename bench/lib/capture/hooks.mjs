// Resolve hook: a generated adapter module gets a thin wrapper of the runtime that records the
// definition it passes to createAdapter, so one case can time the generated checks and selector alone.
const WRAPPER = new URL("./runtime.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@toolgate/runtime" && context.parentURL?.endsWith("/adapter.js")) return { url: WRAPPER, shortCircuit: true };
  return nextResolve(specifier, context);
}
