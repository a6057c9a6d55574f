import { createRequire } from "node:module";

/**
 * The JSON Schema 2019-09 and 2020-12 metaschemas and their vocabulary files, as Ajv ships them
 * (ajv/dist/refs, MIT), by their canonical URI: a `$ref` to one reads this copy, never the network.
 */
const require = createRequire(import.meta.url);

const FILES = {
  "2019-09": ["schema", "meta/core", "meta/applicator", "meta/validation", "meta/meta-data", "meta/format", "meta/content"],
  "2020-12": ["schema", "meta/core", "meta/applicator", "meta/unevaluated", "meta/validation", "meta/meta-data", "meta/format-annotation", "meta/content"],
} as const;

export const METASCHEMAS_2019_2020: ReadonlyMap<string, () => unknown> = new Map(
  Object.entries(FILES).flatMap(([draft, names]) =>
    names.map((name): [string, () => unknown] => [`https://json-schema.org/draft/${draft}/${name}`, () => require(`ajv/dist/refs/json-schema-${draft}/${name}.json`)]),
  ),
);
