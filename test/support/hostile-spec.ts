import {
  BREAKOUT_VALUES,
  HUGE,
  LONE_SURROGATE,
  SELECTABLE_NAMES,
  SHORT_HOSTILE,
  UNSELECTABLE_NAMES,
} from "./hostile-corpus.js";

/**
 * One tool spec that puts the hostile corpus into every spec field that can reach generated code,
 * plus a valid payload for it and the exact agent view that payload must produce.
 */

/** Container fields: an object and an array of objects, both with hostile names. */
export const OBJECT_FIELD = "obj ${pwn()} */";
export const ARRAY_FIELD = "arr </script> '\"`";
export const OPTIONAL_PRESENT = "opt-present '; pwn(); '";
export const OPTIONAL_ABSENT = "opt-absent */ pwn(); /*";
export const PATTERN_FIELD = "pattern \u2028 field";
export const HUGE_FIELD = "huge `${pwn()}`";
export const DEF_FIELD = "def ref \"; pwn(); \"";
export const ENUM_FIELD = "enum */ pwn(); /*";
/** patternProperties keys are regexes and reach jstt's comments; the value is selected whole. */
export const MAP_FIELD = "map ${pwn()}";
/** Present in every payload but never selected: must not reach the agent. */
export const CANARY = "canary-7f3a1c do not leak";

/** Safe regexes whose source holds comment and template breakouts (jstt once escaped only the first `*\/`). */
const PATTERN_PROPERTIES = {
  "^a*/ b*/ \\u0060 \\$\\{x\\} */$": { type: "string" },
  "^-->|</script>|'|\"$": { type: "integer" },
};

/**
 * A description that imitates the provenance note the types emitter strips from jstt's comments; if
 * the strip matched it, the `*` before it would join the `/` after it and close the comment.
 */
const FORGED_NOTE = "x*\nThis interface was referenced by `ToolgateTypesRoot`'s JSON-Schema\nvia the `definition` \"y\"./ pwn(); /*";

/** $defs names that reach type names and validator function names. */
const DEF_NAMES = ["it's a def", "*/ pwn(); /*", "class", "__proto__x", "constructor", "${pwn()}"];

/** An object whose properties hold user types named like generated ones; absent from every payload. */
const NAMED_FIELD = "named ${pwn()} */";

/**
 * Every name generated code declares or imports for `tool` (types.ts, the adapter, index.ts, lazy.ts),
 * also spelled the ways json-schema-to-typescript turns into the same type name.
 */
function generatedNames(tool: string): string[] {
  const pascal = tool.split("_").map((part) => part[0]!.toUpperCase() + part.slice(1)).join("");
  const roots = ["Input", "Output", "AgentView", "Result"];
  const words = (suffix: string): string => suffix.replace(/(?<=.)(?=[A-Z])/g, " ").toLowerCase();
  return [
    ...roots.map((suffix) => `${pascal}${suffix}`),
    ...roots.map((suffix) => `${tool} ${words(suffix)}`),
    ...roots.map((suffix) => `${tool}_${words(suffix).replaceAll(" ", "_")}`),
    "AgentResult",
    "ToolgateTypesRoot",
    tool,
    `${pascal[0]!.toLowerCase()}${pascal.slice(1)}Route`,
    ...["ToolName", "LazyToolName", "LazyAdapters", "createAdapter", "errorTable", "selectAgentView", "validateOutput", "readResult"],
  ];
}

/** Each generated name as an untitled $defs key (referenced) and as a title, so jstt would take it both ways. */
const namedTypes = (names: readonly string[]): Record<string, unknown> => ({
  type: "object",
  properties: Object.fromEntries(
    names.flatMap((name) => [
      [`def ${name}`, { $ref: refTo(name) }],
      [`title ${name}`, { title: name, type: "object", properties: { v: { type: "string" } } }],
    ]),
  ),
});
const namedDefs = (names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(names.map((name) => [name, { type: "object", properties: { v: { type: "integer" } } }]));

const ENUM = [...BREAKOUT_VALUES, LONE_SURROGATE];
const LAST_VALUE = BREAKOUT_VALUES.at(-1)!;
const MAP_VALUE = { "aa/ b/ ` ${x} /": "*/ pwn(); /*", "</script>": 7 };
const valueFor = (i: number): string => BREAKOUT_VALUES[i % BREAKOUT_VALUES.length]!;
/** `^literal$` for the u flag: only syntax characters need escaping. */
const literalPattern = (text: string): string => `^${text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}$`;
/** A JSON Pointer token (RFC 6901) inside a URI fragment (RFC 3986). */
const refTo = (name: string): string => `#/$defs/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;

/** Always present, but optional: copied by the selector's own-property branch. */
const OPTIONAL_NAMES = new Set(["'", "__proto__x", "constructor_", "class", "emoji😀"]);
const REQUIRED_NAMES = SELECTABLE_NAMES.filter((name) => !OPTIONAL_NAMES.has(name));

function leafSchemas(): Record<string, unknown> {
  const leaf = (i: number): Record<string, unknown> => ({
    type: "string",
    description: valueFor(i + 1),
    title: valueFor(i + 2),
    enum: [valueFor(i), valueFor(i + 1), LONE_SURROGATE],
  });
  return Object.fromEntries(SELECTABLE_NAMES.map((name, i) => [name, leaf(i)]));
}

const innerObject = (): Record<string, unknown> => ({
  type: "object",
  description: SHORT_HOSTILE,
  required: REQUIRED_NAMES,
  properties: { ...leafSchemas(), [UNSELECTABLE_NAMES[0]!]: { type: "string" } },
});

function outputSchema(tool: string): Record<string, unknown> {
  return {
    type: "object",
    description: `${HUGE}${LONE_SURROGATE}`,
    required: [...REQUIRED_NAMES, ...UNSELECTABLE_NAMES, OBJECT_FIELD, ARRAY_FIELD, PATTERN_FIELD, HUGE_FIELD, DEF_FIELD, ENUM_FIELD],
    properties: {
      ...leafSchemas(),
      ...Object.fromEntries(UNSELECTABLE_NAMES.map((name) => [name, { type: "string", maxLength: 64 }])),
      [OBJECT_FIELD]: innerObject(),
      [ARRAY_FIELD]: { type: "array", maxItems: 4, items: innerObject() },
      [OPTIONAL_PRESENT]: { const: SHORT_HOSTILE },
      [OPTIONAL_ABSENT]: { type: "string" },
      [PATTERN_FIELD]: { anyOf: BREAKOUT_VALUES.map((v) => ({ type: "string", pattern: literalPattern(v) })) },
      [HUGE_FIELD]: { const: HUGE },
      [ENUM_FIELD]: { enum: ENUM },
      [MAP_FIELD]: { type: "object", patternProperties: PATTERN_PROPERTIES },
      [DEF_FIELD]: { type: "array", prefixItems: DEF_NAMES.map((name) => ({ $ref: refTo(name) })), items: false },
      [NAMED_FIELD]: namedTypes(generatedNames(tool)),
    },
    $defs: {
      ...namedDefs(generatedNames(tool)),
      ...Object.fromEntries(DEF_NAMES.map((name, i) => [name, { type: "string", title: valueFor(i), description: FORGED_NOTE, const: valueFor(i) }])),
    },
  };
}

/** The agent_view: every selectable name at the top, inside the object and inside the array items. */
export const AGENT_VIEW: readonly string[] = [
  ...SELECTABLE_NAMES,
  ...SELECTABLE_NAMES.map((name) => `${OBJECT_FIELD}.${name}`),
  ...SELECTABLE_NAMES.map((name) => `${ARRAY_FIELD}[].${name}`),
  OPTIONAL_PRESENT,
  OPTIONAL_ABSENT,
  PATTERN_FIELD,
  HUGE_FIELD,
  DEF_FIELD,
  ENUM_FIELD,
];

export const BIND_FIELD = SELECTABLE_NAMES[0]!;

/** A route whose placeholder names the hostile bind field, between literal text that tries to break out. */
export const HOSTILE_PATH = `/x/{${BIND_FIELD}}/$pwn()/'*/`;

export function hostileSpec(tool: string): Record<string, unknown> {
  return {
    tool,
    version: 1,
    title: SHORT_HOSTILE,
    description: `${BREAKOUT_VALUES.join(" ")} ${LONE_SURROGATE}`.slice(0, 2048),
    input: {
      type: "object",
      required: [BIND_FIELD],
      properties: Object.fromEntries(SELECTABLE_NAMES.map((name) => [name, { type: "string", maxLength: 256, description: SHORT_HOSTILE }])),
    },
    output: outputSchema(tool),
    agent_view: AGENT_VIEW,
    errors: ["NOT_FOUND", { code: "HOSTILE_FAILURE", action: "retry_after_delay", retryable: true, message: SHORT_HOSTILE }],
    checks: [{ bind: BIND_FIELD }],
    retry: { class: "safe", max_attempts: 2, on: ["HOSTILE_FAILURE"] },
    upstream: { envelope: false, kind: "http", operation: "hostile_op", method: "GET", path: HOSTILE_PATH },
  };
}

const leaves = (): Record<string, string> => Object.fromEntries(SELECTABLE_NAMES.map((name, i) => [name, valueFor(i)]));

/** A payload valid for `hostileSpec`, with every hostile name as a key and hostile values. */
export function hostilePayload(): Record<string, unknown> {
  const inner = { ...leaves(), [UNSELECTABLE_NAMES[0]!]: CANARY };
  return {
    ...leaves(),
    ...Object.fromEntries(UNSELECTABLE_NAMES.map((name) => [name, CANARY])),
    [OBJECT_FIELD]: inner,
    [ARRAY_FIELD]: [inner, { ...inner }],
    [OPTIONAL_PRESENT]: SHORT_HOSTILE,
    [PATTERN_FIELD]: valueFor(7),
    [HUGE_FIELD]: HUGE,
    [DEF_FIELD]: DEF_NAMES.map((_name, i) => valueFor(i)),
    [ENUM_FIELD]: LAST_VALUE,
    [MAP_FIELD]: MAP_VALUE,
  };
}

/** Exactly what the agent must see for `hostilePayload()`. */
export function expectedView(): Record<string, unknown> {
  return {
    ...leaves(),
    [OBJECT_FIELD]: leaves(),
    [ARRAY_FIELD]: [leaves(), leaves()],
    [OPTIONAL_PRESENT]: SHORT_HOSTILE,
    [PATTERN_FIELD]: valueFor(7),
    [HUGE_FIELD]: HUGE,
    [DEF_FIELD]: DEF_NAMES.map((_name, i) => valueFor(i)),
    [ENUM_FIELD]: LAST_VALUE,
  };
}

export const hostileInput = (): Record<string, string> => ({ [BIND_FIELD]: valueFor(0) });

/** A minimal spec: for tool names that are reserved words or Object.prototype members. */
export function namingSpec(tool: string): Record<string, unknown> {
  return {
    tool,
    version: 1,
    description: SHORT_HOSTILE,
    input: { type: "object", properties: {} },
    output: { type: "object", required: ["class"], properties: { class: { type: "string" } } },
    agent_view: ["class"],
  };
}

/**
 * An output root that jstt declares as an intersection (properties and anyOf), which takes the root's
 * title, beside user types named like every generated name of the tool.
 */
export function intersectionRootSpec(tool: string): Record<string, unknown> {
  const names = generatedNames(tool);
  return {
    ...namingSpec(tool),
    output: {
      type: "object",
      required: ["class"],
      anyOf: [{ required: ["class"] }, { required: [NAMED_FIELD] }],
      properties: { class: { type: "string" }, [NAMED_FIELD]: namedTypes(names) },
      $defs: namedDefs(names),
    },
  };
}
