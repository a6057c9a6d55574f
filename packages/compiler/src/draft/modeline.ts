import { posix } from "node:path";

const SPEC_SCHEMA = "node_modules/@toolgate/spec/toolspec.schema.json";

/**
 * The yaml-language-server modeline for a spec in `specsDir` (a POSIX path relative to the package
 * root, where node_modules is): the schema path must resolve from the spec's own directory.
 */
export const schemaModeline = (specsDir: string): string => `yaml-language-server: $schema=${posix.relative(posix.normalize(specsDir), SPEC_SCHEMA)}`;
