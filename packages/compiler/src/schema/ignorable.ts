import { ASSERTION_KEYWORDS } from "./keywords.js";

// Keywords toolgate validates with or resolves references through: ignoring one would drop a
// constraint or break a $ref silently. The other 2020-12 annotations are ignored by validation
// already, so listing one changes nothing (and leaves its text in descriptions). A module of its
// own so that the config file's check (gen's no-op path) does not load the schema bundler.
const READ_BY_TOOLGATE: ReadonlySet<string> = new Set([...ASSERTION_KEYWORDS, "$anchor", "$defs", "$id", "$schema", "contentSchema", "definitions"]);

/** false for a keyword toolgate validates with or resolves references through: ignoring it would drop a constraint. */
export const isIgnorable = (keyword: string): boolean => !READ_BY_TOOLGATE.has(keyword);
