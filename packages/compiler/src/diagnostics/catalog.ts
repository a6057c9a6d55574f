import { formats } from "@toolgate/runtime";
import { CHANGE_KINDS, type ChangeCode, type ChangeKind } from "../compat/changes.js";

/**
 * Every diagnostic the compiler can report: a stable code, a severity, a message template and a hint.
 * Codes never change meaning; new problems get new codes.
 */

/** `info` reports what needs no action (a compatible contract change). */
export type Severity = "error" | "warning" | "info";

interface Entry {
  readonly severity: Severity;
  readonly message: (p: Record<string, string>) => string;
  readonly hint: string;
  /** A more specific hint for some values of the `key` parameter (the spec key a finding is about). */
  readonly hints?: Readonly<Record<string, string>>;
}

// The tool-selection lint's summaries (TG522–TG524): the same advice as the pair findings.
const SELECTION_HINT = "Sharpen the descriptions (say what each reads and what sets it apart), or offer them in separate toolScope()s.";

const entry = (severity: Severity, message: Entry["message"], hint: string, hints?: Entry["hints"]): Entry => ({ severity, message, hint, ...(hints ? { hints } : {}) });

const changeHint = (code: ChangeCode, k: ChangeKind): string => {
  if (code === "TG603") return "A removed tool breaks every agent that calls it and no version covers it: `toolgate diff` fails, `gen` warns once.";
  if (!k.breaking) return "Compatible: no version bump needed.";
  return `Breaking for ${k.side === "agent" ? "the agents that call the tool" : "the upstream's current responses"}: bump version, or make the change compatible.`;
};

/** One entry per contract change kind (compat/changes.ts); TG601 is the error that a breaking one without a bump raises. */
const CHANGE_ENTRIES = Object.fromEntries(
  Object.entries(CHANGE_KINDS).map(([code, k]) => [code, entry(code === "TG603" ? "warning" : "info", (p) => `${k.what}: ${p.detail}`, changeHint(code as ChangeCode, k))]),
) as Record<ChangeCode, Entry>;

export const DIAGNOSTICS = {
  TG001: entry("error", (p) => `no tool specs found in ${p.dir}`, "Put one *.yaml, *.yml or *.json spec per tool in the specs directory or a sub-folder of it (schemas/ and <tool>.fixtures/ hold no specs)."),
  TG002: entry("error", (p) => `cannot read ${p.path}: ${p.reason}`, "Check that the file exists and is readable."),
  // The project config file (toolgate.config.json / .yaml), read by the CLI.
  TG130: entry("error", (p) => `${p.file} and ${p.other} both configure this project`, "Keep one config file: toolgate.config.json or toolgate.config.yaml."),
  TG131: entry("error", () => "the config file must be a mapping at the top level", "Write keys such as `specs: specs` and `out: generated`; see the README, \"Configuration\"."),
  TG132: entry("error", (p) => `unknown config key ${p.key}${p.suggestion}`, "The config keys are specs, out, hooks, cache and ignored_keywords; the config is closed so typos never pass silently."),
  TG133: entry("error", (p) => `invalid value for ${p.key}: ${p.detail}`, "specs, out, hooks and cache are paths relative to the config file; ignored_keywords is a list of keyword names."),
  TG134: entry("error", (p) => `ignored_keywords lists ${p.keyword}, which toolgate validates with or resolves references through`, "Only keywords outside JSON Schema's assertions and references can be ignored; remove it (ignoring it would drop a constraint or a $ref target silently)."),
  TG101: entry("error", (p) => `syntax error: ${p.detail}`, "Fix the YAML/JSON syntax at this position."),
  TG102: entry("error", (p) => `duplicate key ${p.key}`, "Each key may appear once per mapping; remove or rename one."),
  TG103: entry("error", () => "a spec must be a mapping at the top level", "Start the file with `tool: <name>`."),
  TG111: entry("error", (p) => `unknown key ${p.key}${p.where}`, "Remove it or fix its spelling; the spec format is closed so typos never pass silently."),
  TG112: entry("error", (p) => `missing required key ${p.key}${p.where}`, "Add the key; see the spec format's JSON Schema for its shape."),
  TG113: entry("error", (p) => `invalid value${p.where}: ${p.detail}`, "See the spec format's JSON Schema for the allowed values."),
  TG120: entry("error", (p) => `${p.key} is still undecided: ${p.todo}`, "Replace the TODO marker with the author's decision; the import never makes it.", {
    agent_view: "choose the fields the agent needs",
    retry: "declare whether this operation is safe, idempotent or unsafe (seed: the retry class is never inferred from the HTTP method)",
    checks: "declare the bind and fresh checks that tie the response to the call, or write checks: []",
  }),
  TG121: entry("error", (p) => `${p.file} is not an OpenAPI 3.0 or 3.1 document: ${p.detail}`, "toolgate import openapi reads OpenAPI 3.0.x and 3.1.x documents (YAML or JSON) with an `openapi` version and `paths`."),
  TG122: entry("error", (p) => `$ref ${p.ref} cannot be resolved: ${p.detail}`, "Point the $ref at an existing location in the document or in a local file beside it."),
  TG123: entry("warning", (p) => `operation ${p.operation} is not imported: ${p.reason}`, "Write this tool's spec by hand, or change the operation in the document and import again."),
  TG124: entry("error", (p) => `the document has no operation ${p.operation}`, "Name an operationId from the document's paths (or leave out --operation to import every operation)."),
  TG125: entry("error", (p) => `${p.file} cannot be updated: ${p.detail}`, "Fix the spec's YAML (or move it away) and import again; the import rewrites only the keys it owns."),
  // toolgate import mcp (TG820–TG839): the upstream's tools/list is untrusted input.
  TG820: entry("warning", (p) => `tool ${p.tool} is not imported: ${p.reason}`, "Write this tool's spec by hand, or fix the tool on the server and import again; the other tools are imported."),
  TG821: entry("warning", (p) => `tool ${p.tool} declares no outputSchema: its output is a permissive placeholder`, "Declare the result's JSON Schema in output (what structuredContent, or the text block's JSON, holds), then choose agent_view from it."),
  TG822: entry("error", (p) => `${p.file} exists; a reviewed spec holds decisions a draft would lose`, "Pass --force to replace it, or leave the tool out with --tool."),
  TG823: entry("error", (p) => `the server lists no tool ${p.tool}`, "Name a tool from the server's tools/list (or leave out --tool to import every tool)."),
  TG824: entry("error", (p) => `the MCP server could not be started or listed: ${p.detail}`, "Check the command after --: it must start an MCP server that speaks over stdio (run it by hand to see its output)."),
  TG825: entry("error", (p) => `the MCP server did not answer within ${p.ms} ms (${p.step})`, "Check that the command starts an MCP server over stdio, or raise --timeout."),
  TG826: entry("error", (p) => `the server's tools/list is not valid: ${p.detail}`, "The server answered with something that is not an MCP tools/list result; fix the server or import from another one."),
  TG201: entry("error", (p) => `$ref target file ${p.file} does not exist`, "Refs resolve relative to the referring file and must stay inside the specs directory."),
  TG202: entry("error", (p) => `$ref pointer ${p.pointer} not found in ${p.file}`, "Point at an existing location, e.g. #/$defs/name."),
  TG203: entry("error", (p) => `remote $ref ${p.ref} is not allowed`, "Copy the schema into the specs directory; toolgate never fetches at compile or run time."),
  TG204: entry("error", (p) => `$ref target file ${p.file} is outside the specs directory`, "Move the shared schema under the specs directory; refs never reach outside it."),
  TG210: entry("error", (p) => `invalid JSON Schema: ${p.detail}`, "Fix the schema; payload schemas are JSON Schema 2020-12."),
  TG211: entry("error", (p) => `keyword ${p.keyword} is not supported`, "Express the constraint with the supported keywords or a hook check."),
  TG212: entry("warning", (p) => `object opened explicitly with ${p.keyword}`, "Open objects let unreviewed fields through; keep them out of agent_view."),
  TG213: entry("error", (p) => `pattern ${p.pattern} can backtrack catastrophically (ReDoS)`, "Rewrite it without nested or overlapping quantifiers."),
  TG214: entry("error", (p) => `pattern ${p.pattern} is not a valid regular expression: ${p.detail}`, "Patterns use ECMAScript regex syntax with the u flag."),
  TG215: entry("error", (p) => `property name ${p.name} is reserved`, "The TypeScript type generator (json-schema-to-typescript) cannot declare a field named hasOwnProperty; rename it. Other Object.prototype names (__proto__, constructor, toString, …) are fields like any other."),
  TG216: entry("error", (p) => `format ${p.format} is not supported`, `Supported formats: ${Object.keys(formats).join(", ")}; \`vocabulary: { unknown_formats: annotate }\` keeps others as annotations.`),
  TG217: entry("error", () => "input must be an object schema (type: object)", "Tool arguments are always a JSON object."),
  TG218: entry("error", (p) => `unknown keyword ${p.keyword}${p.suggestion}`, "Payload schemas are JSON Schema 2020-12; a misspelt keyword would otherwise constrain nothing."),
  TG219: entry("warning", (p) => `${p.keyword} has no effect without ${p.partners}`, "Add the missing keyword to the same schema, or remove this one; as JSON Schema says, it is ignored."),
  TG220: entry("warning", (p) => `${p.lower} ${p.low} is greater than ${p.upper} ${p.high}: no value can pass`, "Swap or correct the bounds; as written, every value these bounds apply to is refused."),
  TG221: entry("warning", () => "enum lists no values: no value can pass", "List the allowed values, or use `false` for a field that must be absent; as written, every value is refused."),
  TG222: entry("warning", () => '"minContains": 0 without "maxContains" leaves "contains" asserting nothing', "Set maxContains, or drop contains and minContains (for unevaluatedItems, name the items in prefixItems or items instead)."),
  TG223: entry("warning", () => "object declares no properties: closed by default, it accepts only {}", "Declare its properties, or open it explicitly (additionalProperties: { … }) if it is a map; keep a map out of agent_view."),
  TG230: entry("error", (p) => `unknown $schema ${p.uri}`, "Known dialects: draft-04, draft-06, draft-07, 2019-09 and 2020-12 (json-schema.org URIs) and the OpenAPI 3.1 dialect; or drop $schema and set the spec's `dialect` key."),
  TG231: entry("warning", (p) => `upgrading ${p.dialect} to 2020-12 ${p.change}`, "The upgraded schema behaves as the old dialect says; if the dropped keywords were meant to apply, move them into an allOf beside the $ref."),
  TG232: entry("error", (p) => `${p.keyword} is older draft syntax; in 2020-12 write ${p.replacement}`, "Payload schemas are read as 2020-12 unless they say otherwise: rewrite the keyword, or declare the schema's dialect ($schema, or the spec's `dialect` key) and it is upgraded on load."),
  TG233: entry("error", (p) => `${p.keyword} ${p.ref} cannot be resolved at compile time: ${p.reason}`, "toolgate resolves each $dynamicRef per path from the tool's payload, bundling a copy of a schema per dynamic scope; give each $dynamicAnchor of a resource its own name, or $ref the schema meant."),
  TG240: entry("error", (p) => `$ref cycle ${p.cycle} applies a definition to the same value forever: no validator or type can end it`, "Put the recursion under properties, items or another keyword that descends into the value (a tree's children), or remove one $ref of the cycle."),
  TG241: entry("error", (p) => `TypeScript types cannot be generated for this schema: ${p.detail}`, "Simplify the construct json-schema-to-typescript rejects, or report it to the toolgate maintainers with the spec."),
  TG250: entry(
    "warning",
    (p) => `pattern ${p.pattern} is not proven free of ReDoS (${p.detail}); accepted because it ran in linear time on every ${p.length}-character probe`,
    "The probes are generated attack strings, not a proof: simplify the pattern so the detector can prove it, and bound the string with maxLength.",
  ),
  TG270: entry(
    "warning",
    (p) => `pattern ${p.pattern} backtracks in polynomial time (degree ${p.degree}): values longer than ${p.length} characters are refused`,
    "The validator refuses a longer value without matching it (keyword pattern). Bound the value with maxLength (at most that length, and no guard is needed), or rewrite the pattern without overlapping quantifiers.",
  ),
  TG271: entry(
    "error",
    (p) => `the fallback validator cannot check ${p.what} (the boolean emitter does not compile ${p.construct})`,
    "Express that construct another way, or bound the pattern's values with maxLength (at most the guard length in its TG270 warning) / rename the field.",
  ),
  TG251: entry("warning", (p) => `format ${p.format} is not supported; it is kept as an annotation and asserts nothing`, "vocabulary.unknown_formats: annotate opted in; check the value with pattern or a hook if it matters."),
  TG252: entry("error", (p) => `vocabulary.ignore lists ${p.keyword}, which toolgate validates with or resolves references through`, "Only keywords outside JSON Schema's assertions and references can be ignored; remove it from vocabulary.ignore (ignoring it would drop a constraint or a $ref target silently)."),
  TG260: entry("error", (p) => `the spec's schemas exceed the compile budget: ${p.detail}`, "Split the tool, or share repeated subschemas through $defs and $ref instead of copying them."),
  TG261: entry("error", (p) => `the generated code of this spec exceeds the compile budget: ${p.detail}`, "Wide unions of recursive definitions multiply generated code; share subschemas through $defs, narrow the unions, or split the tool."),
  TG301: entry("error", (p) => `agent_view path ${p.path} does not exist in output`, "List only paths declared under output.properties; use [] for array items."),
  TG302: entry("error", (p) => `agent_view path ${p.path} crosses ${p.keyword}`, "Select the whole field above the union, or split the tool."),
  TG303: entry("error", (p) => `agent_view path ${p.path} overlaps ${p.other}`, "Keep either the parent or the child path."),
  TG304: entry("error", (p) => `agent_view path ${p.path} is malformed`, "Write paths as a, a.b or items[].field."),
  TG305: entry("error", (p) => `agent_view path ${p.path} ends at ${p.what}, whose members the view cannot enumerate`, "Name its sub-fields (path.field) or declare its properties; a map needs explicit bounds (propertyNames with a pattern, maxProperties, a closed value schema)."),
  TG306: entry("warning", (p) => `agent_view path ${p.path} selects a map`, "Free-form maps stay out of the agent's result (their keys are upstream text); prefer named fields where the keys are known."),
  TG307: entry("warning", (p) => `agent_view field ${p.path} is free text (a string without enum, pattern or format)`, "Its tool definitions mark it as untrusted display text; bound it with maxLength, or constrain it with enum, pattern or format."),
  TG310: entry("error", (p) => `check field ${p.path} does not exist in ${p.side}`, "Bind and fresh checks name fields declared in the schema."),
  TG311: entry("error", (p) => `fresh field ${p.path} must be a required string with format date-time`, "Declare it as { type: string, format: date-time } and list it in required."),
  TG312: entry("error", (p) => `duplicate check id ${p.id}`, "Give each check a unique id."),
  TG313: entry("error", (p) => `hook ${p.name}: ${p.detail}`, "Export the hook with the generated signature from the hooks module."),
  TG340: entry("error", (p) => `budget_ms ${p.value} is not a whole number of milliseconds from 1 to 60000`, "Give the async hook's time budget as an integer, e.g. budget_ms: 2000 (the default)."),
  TG341: entry("error", (p) => `${p.key} on a ${p.what}`, "Only a hook check may be async; budget_ms needs async: true on the same check."),
  TG320: entry("error", (p) => `unknown error code ${p.code}`, "Use a catalog code or declare it with { code, action, retryable, message }."),
  TG321: entry("error", (p) => `retry.on lists ${p.code}, which this tool never returns`, "List only codes from errors (or the catalog's retryable codes)."),
  TG323: entry("error", (p) => `retry.on lists ${p.code}, which is never retryable`, "Only codes whose catalog entry (or declaration) is retryable may be retried."),
  TG322: entry("error", (p) => `error code ${p.code} redefines a catalog code`, "Catalog codes have fixed actions; pick a tool-specific name."),
  TG330: entry("error", (p) => `upstream path ${p.path} is not a path template: ${p.detail}`, "Write it like /reviews/{change_id}: literal text and {field} placeholders."),
  TG331: entry("error", (p) => `upstream path field ${p.field} is not a required top-level string or integer input field`, "Each {field} becomes one URL path segment: declare it at the top of input, required, as a string or integer."),
  TG510: entry("warning", (p) => `description is too short for a model to pick the tool by (${p.words} words, fewer than ${p.min})`, "Say what the tool reads or does, and what it does not change (\"Reports … Starts nothing, changes nothing.\")."),
  TG511: entry("warning", () => "description does not say what the tool does not change", "Add what the call leaves alone (\"Changes nothing.\", \"Does not deploy.\"), so a model does not pick it to act."),
  TG512: entry("warning", (p) => `tool name ${p.tool} says nothing about what it acts on`, "Name the action and its object (get_build, list_deployments, build_status), not a generic word."),
  TG513: entry("warning", (p) => `tool name ${p.tool} is a near-duplicate of ${p.other} (token similarity ${p.similarity})`, "Sharpen the descriptions (say what each reads and what sets it apart), or offer them in separate toolScope()s."),
  TG514: entry("warning", (p) => `description of ${p.tool} is a near-duplicate of the description of ${p.other} (token similarity ${p.similarity})`, "Sharpen the descriptions (say what each reads and what sets it apart), or offer them in separate toolScope()s."),
  TG515: entry("warning", (p) => `input schema of ${p.tool} is identical to the input schema of ${p.other}`, "Sharpen the descriptions (say what each reads and what sets it apart), or offer them in separate toolScope()s."),
  TG520: entry("error", (p) => `effects: ${p.effects} contradicts retry class safe, which says the tool only reads`, "Declare retry class idempotent (repeating does what doing it once does) or unsafe, or effects: read_only if the call changes nothing."),
  TG521: entry("warning", () => "effects: read_only with retry class unsafe: a read-only call repeats harmlessly", "Declare retry class safe so a transient failure can be retried, or drop effects: read_only if the call changes something."),
  TG522: entry("warning", (p) => `tool name ${p.tool} is a near-duplicate of ${p.count} other tools, among them ${p.others} (token similarity after each)`, SELECTION_HINT),
  TG523: entry("warning", (p) => `description of ${p.tool} is a near-duplicate of the descriptions of ${p.count} other tools, among them ${p.others} (token similarity after each)`, SELECTION_HINT),
  TG524: entry("warning", (p) => `input schema of ${p.tool} is identical to the input schemas of ${p.count} other tools, among them ${p.others}`, SELECTION_HINT),
  TG530: entry("error", (p) => `Anthropic strict limits: ${p.detail}`, "Offer fewer strict tools per request (separate toolScope()s), make parameters required, or generate with --strict-limits relax to send the tools past the limit with strict: false (TG503)."),
  TG401: entry("error", (p) => `tool name ${p.tool} is already used by ${p.other}`, "Tool names must be unique across the specs directory and its sub-folders: each names its output directory and its index.ts entry."),
  TG402: entry("error", (p) => `tool name ${p.tool} is invalid for ${p.target}`, "Use ^[a-z][a-z0-9_]{0,63}$."),
  TG403: entry("error", (p) => `tool ${p.tool} would export ${p.binding}, which tool ${p.other} exports too`, "Rename one of the tools; generated/index.ts exports both bindings side by side."),
  TG601: entry("error", (p) => `breaking change to ${p.tool} under version ${p.version}: ${p.detail}`, "Bump version (consumers pin it), or make the change compatible."),
  TG602: entry("error", (p) => `version of ${p.tool} went down from ${p.from} to ${p.to}`, "Contract versions only go up."),
  TG655: entry("error", (p) => `the manifest ${p.file} cannot be read: ${p.detail}`, "The gate compares with it: restore it from version control (a merge conflict? regenerate on each side), or delete it to start a new baseline."),
  TG656: entry("error", (p) => `the manifest ${p.file} has format ${p.format}; this toolgate reads formats ${p.known}`, "A newer toolgate wrote it: upgrade toolgate, or delete the manifest to start a new baseline with this one."),
  TG657: entry("warning", (p) => `the manifest ${p.file} records no readable contract for ${p.tool}: compared by version only`, "The entry was edited by hand; run gen once to record the contract again."),
  TG701: entry("error", (p) => `unknown fixture key ${p.key}${p.where}`, "A fixture holds description, upstream_version, now, input, request_id, raw and expect (README, \"Fixtures and toolgate test\")."),
  TG702: entry("error", (p) => `fixture is missing ${p.key}${p.where}`, "Add the key: a fixture needs upstream_version, now, input, raw and expect."),
  TG703: entry("error", (p) => `invalid fixture value${p.where}: ${p.detail}`, "See README, \"Fixtures and toolgate test\", for the fixture format."),
  TG704: entry("error", (p) => `fixtures for ${p.tool}, which no spec declares`, "Name the directory <tool>.fixtures after a tool in the specs directory."),
  // toolgate mcp-gate: problems found before the gate serves (its runtime failures are in the runtime's error catalog).
  TG800: entry("error", (p) => `no pin file ${p.file}`, "Record the upstream's tool definitions with `toolgate import mcp -- <command>`, point --pin at the pin file, or pass --no-pin to run without drift checks."),
  TG801: entry("error", (p) => `${p.file} is not a pin file: ${p.problem}`, "Write it again with `toolgate import mcp -- <command>`; a pin file is the JSON that command records."),
  TG802: entry("error", (p) => `--tools names ${p.tool}, which no spec in ${p.dir} declares`, "List only tools with specs, separated by commas."),
  TG803: entry("error", (p) => `cannot start the upstream ${p.command}: ${p.reason}`, "Check the command after `--`: it must be on PATH or a path to an executable."),
  TG804: entry("error", (p) => `the upstream ${p.command} did not start as an MCP server: ${p.reason}`, "Run the command by hand: it must speak MCP over stdio (JSON-RPC on stdout)."),
  TG805: entry("error", (p) => `the upstream does not list ${p.tool}, which has a spec`, "Check the upstream's version and arguments, or narrow the gate with --tools."),
  TG806: entry("error", (p) => `${p.tool} has a spec but no entry in the pin file ${p.file}`, "Pin the upstream's definition again with `toolgate import mcp -- <command>`, or narrow the gate with --tools."),
  TG807: entry("warning", () => "--no-pin: the upstream's tool definitions are not checked for drift", "Record a pin with `toolgate import mcp -- <command>` so a changed tool is withheld."),
  TG808: entry("error", (p) => `cannot write the audit file ${p.file}: ${p.reason}`, "Give --audit a file only this gate writes: a new file, or one an earlier `toolgate mcp-gate --audit` run wrote and no other process holds."),
  TG809: entry("error", () => "--otel needs @opentelemetry/api, which this project does not have", "Install @opentelemetry/api (and an SDK) in the project and register a tracer provider before the gate starts, e.g. NODE_OPTIONS=\"--import ./otel-setup.mjs\"; see README, \"MCP gate\"."),
  TG840: entry("error", (p) => `cannot serve Streamable HTTP on ${p.address}: ${p.reason}`, "Pick a free port (--http 0 picks one) and an address of this host (--host, 127.0.0.1 unless given)."),
  ...CHANGE_ENTRIES,
  TG503: entry(
    "warning",
    (p) => `${p.target} strict mode: ${p.detail}; the tool is emitted with strict: false`,
    "Arguments are still checked by the generated input validator; keep the input schema within the target's strict subset (examples/README.md) for constrained decoding.",
  ),
  TG504: entry(
    "warning",
    (p) => `MCP outputSchema: ${p.detail}`,
    "MCP SDK 1.x clients validate structuredContent with a draft-07 validator by default; they need an Ajv2020 validator (examples/README.md), or keep the keyword out of agent_view.",
  ),
} as const satisfies Record<string, Entry>;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;
