import { Ajv, type Options, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import Ajv04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json" with { type: "json" };
import type { CorpusFile, Draft } from "./corpus.js";

/**
 * The reference verdict: Ajv 8.20.0 in the schema's own draft (ajv-draft-04 for draft-04 and for
 * OpenAPI 3.0, whose Schema Object is draft-04 based; Ajv's built-in `nullable` covers 3.0's).
 * Formats are asserted with ajv-formats, as toolgate's validators assert them (a `oneOf` of
 * `format: uri` and `enum: [""]` means something else when formats are annotations); unknown keywords
 * and unknown formats are ignored. Each document gets its own base URI, so refs between sibling files resolve as the
 * compiler's bundler resolves them: relative to the referring file.
 */

const OPTIONS: Options = { strict: false, validateSchema: false, logger: false };

type AnyAjv = InstanceType<typeof Ajv>;

function ajvFor(draft: Draft, meta: boolean): AnyAjv {
  const ajv = bareAjvFor(draft, { ...OPTIONS, meta });
  (addFormats as unknown as (ajv: AnyAjv) => AnyAjv)(ajv);
  return ajv;
}

function bareAjvFor(draft: Draft, options: Options): AnyAjv {
  if (draft === "draft-04" || draft === "openapi-3.0") return new (Ajv04 as unknown as typeof Ajv)(options);
  if (draft === "2019-09") return new Ajv2019(options);
  if (draft === "2020-12" || draft === "openapi-3.1") return new Ajv2020(options);
  const ajv = new Ajv(options);
  if (draft === "draft-06") ajv.addMetaSchema(draft06);
  return ajv;
}

export const documentUri = (file: CorpusFile, document: string): string => `https://real-world.invalid/${file.name}/${document}`;

/** A copy of the document whose root id is its corpus URI and which names no metaschema. */
function rooted(schema: unknown, uri: string, draft: Draft): Record<string, unknown> {
  const { $schema: _schema, $id: _id, id: _legacyId, ...rest } = schema as Record<string, unknown>;
  return draft === "draft-04" || draft === "openapi-3.0" ? { ...rest, id: uri } : { ...rest, $id: uri };
}

/**
 * One Ajv per corpus file with all its documents; the function compiles a case's root. A document
 * that embeds a copy of its own metaschema (AsyncAPI 1.x embeds draft-04's) clashes with Ajv's
 * built-in copy, so such a file is loaded without the built-in one.
 */
export function referenceFor(file: CorpusFile): (document: string, pointer: string) => ValidateFunction {
  const load = (meta: boolean): AnyAjv => {
    const ajv = ajvFor(file.draft, meta);
    for (const [name, schema] of Object.entries(file.documents)) ajv.addSchema(rooted(schema, documentUri(file, name), file.draft));
    return ajv;
  };
  const root = (document: string, pointer: string): { $ref: string } => ({ $ref: `${documentUri(file, document)}#${encodeURI(pointer)}` });
  return (document, pointer) => {
    try {
      return load(true).compile(root(document, pointer));
    } catch (e) {
      if (!(e instanceof Error && e.message.includes("resolves to more than one schema"))) throw e;
      return load(false).compile(root(document, pointer));
    }
  };
}
