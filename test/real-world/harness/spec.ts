import type { CorpusCase, CorpusFile, Draft } from "./corpus.js";

/**
 * A case as a toolgate project: one tool spec whose `output` is a `$ref` to the case's schema in
 * the vendor's document, copied beside the spec as the user would copy it. `unknown_members:
 * ignore` keeps the schema as written (closing would change verdicts), and `dialect:` is passed
 * for OpenAPI components once the spec format has that key. `agent_view` names a scalar member of the
 * root, or the view probe below.
 */

export const TOOL = "real_world_case";
export const SPEC_PATH = `specs/${TOOL}.json`;
/** Where the validator is in the output (paths are relative to the output directory). */
export const VALIDATOR_PATH = `${TOOL}/validate.ts`;

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The spec format's `dialect` value for a draft, when the format has the key and an enum value for it. */
export function dialectValue(specSchema: Json, draft: Draft): string | undefined {
  const props = specSchema.properties;
  const dialect = isRecord(props) ? props.dialect : undefined;
  if (!isRecord(dialect) || !draft.startsWith("openapi-")) return undefined;
  const values = JSON.stringify(dialect).match(/"[^"]*(?:openapi|oas)[^"]*"/gi) ?? [];
  const version = draft.slice("openapi-".length);
  return values.map((v) => JSON.parse(v) as string).find((v) => v.includes(version));
}

/** The node a JSON pointer names in a document; undefined when it names none. */
export function at(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    node = isRecord(node) ? node[key] : undefined;
  }
  return node;
}

/** Follows local `$ref`s (a few hops) to the schema a node stands for. */
function resolved(doc: unknown, node: unknown): unknown {
  for (let hop = 0; hop < 8 && isRecord(node) && typeof node.$ref === "string" && node.$ref.startsWith("#"); hop++) node = at(doc, node.$ref.slice(1));
  return node;
}

const isScalar = (s: unknown): boolean =>
  isRecord(s) && (s.enum !== undefined || s.const !== undefined || ["string", "number", "integer", "boolean"].includes(s.type as string));

/** A member the agent can see: the first (sorted) declared scalar member of the root, if it has one. */
export function viewPath(doc: unknown, pointer: string): string | undefined {
  const root = resolved(doc, at(doc, pointer));
  const holders = isRecord(root) ? [root, ...(Array.isArray(root.allOf) ? root.allOf.map((m) => resolved(doc, m)) : [])] : [];
  const props = holders.flatMap((h) => (isRecord(h) && isRecord(h.properties) ? Object.entries(h.properties) : []));
  const names = props.filter(([k]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  return names.find(([, s]) => isScalar(resolved(doc, s)))?.[0];
}

/**
 * A root with no scalar member to view (a union, a map, an array) is the required member `value` of
 * the output, beside one optional string member for the view only; the harness wraps each instance
 * the same way (`wrapped`), so no verdict changes: the wrapper adds nothing an instance could fail.
 */
export const VIEW_PROBE = "toolgate_view_probe";
export const WRAPPER = "value";

function output(ref: string, view: string | undefined): Record<string, unknown> {
  if (view !== undefined) return { $ref: ref };
  return { type: "object", required: [WRAPPER], properties: { [WRAPPER]: { $ref: ref }, [VIEW_PROBE]: { type: "string" } } };
}

/** Whether the case's instances go under `value` (see `output`). */
export const wrapped = (file: CorpusFile, c: CorpusCase): boolean => viewPath(file.documents[c.document], c.pointer) === undefined;

export function caseProject(file: CorpusFile, c: CorpusCase, dialect: string | undefined): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, doc] of Object.entries(file.documents)) files.set(`specs/schemas/${name}`, JSON.stringify(doc, null, 1));
  const view = viewPath(file.documents[c.document], c.pointer);
  const spec = {
    tool: TOOL,
    version: 1,
    description: `Real-world schema ${file.name} ${c.id}.`,
    input: { type: "object" },
    output: output(`./schemas/${c.document}${c.pointer === "" ? "" : `#${encodeURI(c.pointer)}`}`, view),
    agent_view: [view ?? VIEW_PROBE],
    unknown_members: "ignore",
    ...(dialect === undefined ? {} : { dialect }),
  };
  files.set(SPEC_PATH, JSON.stringify(spec, null, 1));
  return files;
}
