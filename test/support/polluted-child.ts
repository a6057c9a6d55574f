/**
 * Child process of test/prototype-pollution.test.ts. argv[2] names a prototype ("Object", "Array"
 * or "none") and whether its members are enumerable. The prototype is polluted with every member
 * name of the samples BEFORE the generated adapters load; then, for each tool and each member of
 * its sample response and input, the member is removed while the prototype offers its valid value
 * (that name only: other polluted names would make for-in loops fail for another reason).
 * Prints one JSON line: what each case returned.
 */
import { NOW, SAMPLES } from "./pollution-samples.js";

const mode = JSON.parse(process.argv[2]!) as { target: "Object" | "Array" | "none"; enumerable: boolean };
const target = mode.target === "none" ? undefined : (globalThis[mode.target].prototype as Record<string, unknown>);

function pollute(name: string, value: unknown): void {
  if (target) Object.defineProperty(target, name, { value, enumerable: mode.enumerable, writable: true, configurable: true });
}

function pollutedWhile<T>(entries: readonly [Path, unknown][], run: () => T): T {
  for (const [path, value] of entries) pollute(String(path.at(-1)), value);
  try {
    return run();
  } finally {
    for (const [path] of entries) if (target) delete target[String(path.at(-1))];
  }
}

type Path = readonly (string | number)[];

/** Every member of `value` (objects and array items, at any depth), with its value. */
function members(value: unknown, at: Path = []): [Path, unknown][] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]): [Path, unknown][] => {
    const path = [...at, Array.isArray(value) ? Number(key) : key];
    return [...(Array.isArray(value) ? [] : [[path, child] as [Path, unknown]]), ...members(child, path)];
  });
}

function without(value: Record<string, unknown>, path: Path): Record<string, unknown> {
  const copy = structuredClone(value);
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  delete parent[path.at(-1)!];
  return copy;
}

const allSamples = Object.values(SAMPLES).flatMap((s) => [...members(s.input), ...members(s.output("req_pollutedLoadTime00"))]);
const { generated, runtime } = await pollutedWhile(allSamples, async () => ({
  generated: await import("../../generated/index.js"),
  runtime: await import("@toolgate/runtime"),
}));
const adapters = generated.adapters as Record<string, any>;
const routeOf = (tool: string): any => (generated as Record<string, any>)[`${tool.replace(/_(.)/g, (_m, c: string) => c.toUpperCase())}Route`];
const context = { now: () => NOW };
/** A result without the per-process request id, so runs in different processes compare. */
const comparable = (result: any) => ({ ...result, request_id: undefined });

function tryPath(route: any, input: unknown): string {
  try {
    return route.pathFor(input);
  } catch (e) {
    return `threw ${(e as Error).name}`;
  }
}

const cases: Record<string, unknown>[] = [];
for (const [tool, adapter] of Object.entries(adapters)) {
  const sample = SAMPLES[tool];
  if (sample === undefined) {
    cases.push({ tool, kind: "missing sample" });
    continue;
  }
  const requestId = runtime.newRequestId();
  // A result is adapted once per issued call: each case gets its own call, all with the sample's request id.
  const once = () => {
    const started = adapter.call(sample.input, context, { requestId });
    if (!started.ok) throw new Error(`${tool}: the sample input is rejected`);
    return started.call;
  };
  const output = sample.output(requestId);
  const everything = [...members(sample.input), ...members(output)];
  const whole = once();
  pollutedWhile(everything, () => {
    const started = adapter.call(sample.input, context);
    cases.push({ tool, kind: "whole input", result: started.ok ? "ok" : comparable(started.result) });
    cases.push({ tool, kind: "whole", result: comparable(adapter.adapt(JSON.stringify(output), whole)) });
  });
  for (const member of members(output)) {
    const issued = once();
    const result = pollutedWhile([member], () => adapter.adapt(JSON.stringify(without(output, member[0])), issued));
    cases.push({ tool, kind: "output", path: member[0], value: member[1], result: comparable(result) });
  }
  for (const member of members(sample.input)) {
    const args = without(sample.input, member[0]);
    const route = routeOf(tool);
    const [start, path] = pollutedWhile([member], () => [adapter.call(args, context), route ? tryPath(route, args) : undefined]);
    cases.push({ tool, kind: "input", path: member[0], value: member[1], result: start.ok ? "ok" : comparable(start.result), route: path });
  }
  // Neither a validator error without params nor an error table may take a member from the prototype.
  const params: [Path, unknown] = [["params"], { missingProperty: "polluted_field" }];
  const notArgs = pollutedWhile([params], () => adapter.call("not an object", context));
  cases.push({ tool, kind: "other", path: ["call(string)"], value: "polluted_field", result: comparable(notArgs.result) });
  const error: [Path, unknown] = [["SOME_UNDECLARED_CODE"], { code: "SOME_UNDECLARED_CODE", action: "retry_after_delay", retryable: true, message: "polluted message" }];
  const failed = once();
  const failure = pollutedWhile([error], () => adapter.fail(failed, "SOME_UNDECLARED_CODE"));
  cases.push({ tool, kind: "other", path: ["fail(undeclared code)"], value: "polluted message", result: comparable(failure) });
}
process.stdout.write(`${JSON.stringify(cases)}\n`);
