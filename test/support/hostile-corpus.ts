/**
 * Strings that broke out of generated code in other generators (reliability.md §3: ajv, protobufjs,
 * openapi-typescript-codegen, swagger-typescript-api, typebox, quicktype). Every payload that would
 * run if it escaped its literal or comment calls the global `pwn()` (or sets `globalThis.__pwned`),
 * so a test can trap it.
 */

/** Usable as agent_view path segments: no `.`, `[` or `]`. */
export const BREAKOUT_NAMES: readonly string[] = [
  "'",
  '"',
  "`",
  "${pwn()}",
  "*/ pwn(); /*",
  "/*",
  "-->",
  "</script><script>pwn()</script>",
  "\u2028pwn();//",
  "\u2029",
  "nul\0byte",
  "cr\r",
  "lf\npwn();//",
  '"; pwn(); "',
  "'; pwn(); '",
  "`; pwn(); `",
  "\\",
  '\\"); pwn(); ("',
  "__proto__x",
  "constructor_",
];

/** Words that cannot be binding names in strict-mode modules or TypeScript. */
export const RESERVED_WORDS: readonly string[] = ["class", "delete", "default", "await", "let", "enum", "function", "new", "this", "yield", "interface", "type"];

export const PUNCTUATION_NAMES: readonly string[] = ["with space", "dash-name", "semi;colon", "a:b", "q?!", "#hash", "@at", "per%cent", "tab\tname", "emoji😀", "0leading_digit"];

/** Property names with dots or brackets: valid in payloads, not as agent_view path segments. */
export const UNSELECTABLE_NAMES: readonly string[] = ["globalThis.__pwned", "a[0]", "x]y", "${globalThis.__pwned=1}", ""];

/** Value-position strings: data in enums, consts, descriptions, titles and messages. */
export const BREAKOUT_VALUES: readonly string[] = [
  ...BREAKOUT_NAMES,
  "${globalThis.__pwned=1}",
  "*/ globalThis.__pwned = 1; /*",
  '"; globalThis.__pwned = 1; "',
  "\u2028globalThis.__pwned = 1;//",
  "\r\nglobalThis.__pwned = 1;//",
  "<!-- globalThis.__pwned = 1; -->",
  "*/\n * @type {never} */ globalThis.__pwned = 1; /**",
];

/** I-JSON forbids it in payloads, so it only appears where the compiler reads it (descriptions, enums). */
export const LONE_SURROGATE = "\ud800";

/** 100 KiB of breakout text. */
export const HUGE = BREAKOUT_VALUES.join("|").repeat(Math.ceil((100 * 1024) / BREAKOUT_VALUES.join("|").length)).slice(0, 100 * 1024);

/** Every name that may appear in an agent_view path, each exactly once. */
export const SELECTABLE_NAMES: readonly string[] = [...new Set([...BREAKOUT_NAMES, ...RESERVED_WORDS, ...PUNCTUATION_NAMES])];

/** A short hostile text for length-limited spec fields (title ≤ 128, error message ≤ 300). */
export const SHORT_HOSTILE = "'\"` ${globalThis.__pwned=1} */ globalThis.__pwned = 1; /* --> </script> \u2028 \u2029 \0 \r\n";
