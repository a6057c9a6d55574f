/**
 * RFC 5893 (the Bidi rule for IDNA2008), conservatively. JavaScript has no Bidi_Class property, so
 * the classes are read from general categories and the right-to-left blocks; a character whose class
 * this cannot tell makes the name invalid, so no name is accepted that the rule would refuse.
 */

// "RTL?": a character of a right-to-left block whose class is not known (it may be R, AL or AN).
type BidiClass = "L" | "R" | "AN" | "EN" | "ES" | "ON" | "BN" | "NSM" | "RTL?";

// Hebrew to Arabic Extended-A, the Hebrew and Arabic presentation forms, and the SMP's RTL planes.
const RTL_BLOCKS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
// R or AL in those blocks: letters, GERESH and GERSHAYIM, the Sindhi signs, NKo and Adlam digits.
const RTL = /[\p{L}\u05f3\u05f4\u06fd\u06fe\u07c0-\u07c9\u{1e950}-\u{1e959}]/u;
const ARABIC_NUMBER = /[\u0660-\u0669\u{10d30}-\u{10d39}]/u;
const EUROPEAN_NUMBER = /[0-9\u06f0-\u06f9]/;
// The CONTEXTO punctuation and the modifier letters (Lm) whose class is ON.
const OTHER_NEUTRAL = /[\u00b7\u0375\u30fb\u02b9\u02ba\u02c6-\u02cf\u02ec\u2e2f\ua67f\ua717-\ua71f\ua788]/;
// Outside the RTL blocks, the letters, spacing marks and digits IDNA2008 allows (and the ASCII
// capitals of an LDH label) are left-to-right; other modifier letters are not known.
const LEFT_TO_RIGHT = /[A-Z\p{Ll}\p{Lo}\p{Mc}\p{Nd}\u0f0b\u3007]/u;

function bidiClass(c: string): BidiClass | undefined {
  if (/\p{Mn}|\p{Me}/u.test(c)) return "NSM";
  if (c === "\u200c" || c === "\u200d") return "BN";
  if (EUROPEAN_NUMBER.test(c)) return "EN";
  if (ARABIC_NUMBER.test(c)) return "AN";
  if (RTL_BLOCKS.test(c)) return RTL.test(c) ? "R" : "RTL?";
  if (c === "-") return "ES";
  if (OTHER_NEUTRAL.test(c)) return "ON";
  return LEFT_TO_RIGHT.test(c) ? "L" : undefined;
}

/** RFC 5893 §2 rules 1-6 for one label of a Bidi domain name. */
function labelOk(classes: readonly BidiClass[]): boolean {
  const last = classes.findLast((c) => c !== "NSM");
  if (classes[0] === "R") {
    return !classes.includes("L") && (last === "R" || last === "EN" || last === "AN") && !(classes.includes("EN") && classes.includes("AN"));
  }
  return classes[0] === "L" && !classes.includes("R") && !classes.includes("AN") && (last === "L" || last === "EN");
}

/**
 * Whether the labels (in Unicode form) satisfy the Bidi rule. It binds every label once any holds
 * R, AL or AN; a name that may hold one is then refused unless every class is known.
 */
export function isBidiOk(labels: readonly string[]): boolean {
  const classes = labels.map((label) => Array.from(label, bidiClass));
  const bidi = classes.some((cs) => cs.includes("R") || cs.includes("AN") || cs.includes("RTL?"));
  return !bidi || classes.every((cs) => !cs.includes(undefined) && !cs.includes("RTL?") && labelOk(cs as BidiClass[]));
}
