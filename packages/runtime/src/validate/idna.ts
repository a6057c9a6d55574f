/**
 * IDNA2008 labels (RFC 5890-5892) for the hostname and idn-hostname formats. node:url (UTS #46)
 * decodes and encodes Punycode; it maps rather than refuses what IDNA2008 disallows, so a label is
 * valid only when that mapping leaves it unchanged and its characters pass the rules below. The
 * DISALLOWED table is not reproduced: a character is allowed only when its general category makes
 * it PVALID (RFC 5892 §2.1), so what cannot be proven valid is refused.
 */

const url = (): typeof import("node:url") => process.getBuiltinModule("node:url");

// RFC 5892 §2.1 LetterDigits without Lu/Lt (never stable under NFKC_Casefold), §2.6 PVALID
// exceptions (06FD 06FE 0F0B 3007), the CONTEXTO characters and the joiners (CONTEXTJ).
const U_LABEL = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}\-\u00b7\u0375\u05f3\u05f4\u06fd\u06fe\u0f0b\u3007\u30fb\u200c\u200d]+$/u;
// §2.7 IgnorableProperties (bar the joiners), §2.8 IgnorableBlocks, §2.9 OldHangulJamo.
const IGNORED = /[^\P{Default_Ignorable_Code_Point}\u200c\u200d]|[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u20d0-\u20ff\u{1d100}-\u{1d24f}]/u;
// RFC 5892 §2.6: exceptions that are DISALLOWED although their category would allow them.
const DISALLOWED_EXCEPTIONS = /[\u0640\u07fa\u302e\u302f\u3031-\u3035\u303b]/u;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Whether `c` has Canonical_Combining_Class 9 (Virama). Canonical ordering sorts marks by class,
 * so a class-9 mark moves behind KANA VOICED SOUND MARK (class 8) and ahead of HEBREW POINT SHEVA (10).
 */
function isVirama(c: string): boolean {
  if (c === "\u3099" || c === "\u05b0") return false;
  return `a${c}\u3099`.normalize("NFD") === `a\u3099${c}` && `a\u05b0${c}`.normalize("NFD") === `a${c}\u05b0`;
}

// Joining_Type (Unicode ArabicShaping.txt) of the basic Arabic letters, and the harakat as
// Transparent: the subset read for ZWNJ's rule; a character outside it never satisfies it.
const DUAL_JOINING = /[\u0620\u0626\u0628\u062a-\u062e\u0633-\u063f\u0641-\u0647\u0649\u064a]/;
const RIGHT_JOINING = /[\u0622-\u0625\u0627\u0629\u062f-\u0632\u0648]/;
const TRANSPARENT = /[\u064b-\u065f\u0670]/;

/** RFC 5892 A.1's regexp: (L|D) T* ZWNJ T* (R|D) around the ZWNJ at `i`. */
function joinsAround(chars: readonly string[], i: number): boolean {
  let before = i - 1;
  while (before >= 0 && TRANSPARENT.test(chars[before]!)) before--;
  let after = i + 1;
  while (after < chars.length && TRANSPARENT.test(chars[after]!)) after++;
  return DUAL_JOINING.test(chars[before] ?? "") && (DUAL_JOINING.test(chars[after] ?? "") || RIGHT_JOINING.test(chars[after] ?? ""));
}

/** RFC 5892 Appendix A: characters valid only in context. */
function contextOk(label: string): boolean {
  const chars = [...label];
  const ok = chars.every((c, i) => {
    const before = chars[i - 1] ?? "";
    const after = chars[i + 1] ?? "";
    // A.1/A.2: a joiner after a virama; ZWNJ also between joining letters.
    if (c === "\u200d") return isVirama(before);
    if (c === "\u200c") return isVirama(before) || joinsAround(chars, i);
    if (c === "\u00b7") return before === "l" && after === "l";
    if (c === "\u0375") return /\p{Script=Greek}/u.test(after);
    if (c === "\u05f3" || c === "\u05f4") return /\p{Script=Hebrew}/u.test(before);
    if (c === "\u30fb") return /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replaceAll("\u30fb", ""));
    return true;
  });
  // Arabic-Indic and Extended Arabic-Indic digits must not be mixed.
  return ok && !(/[\u0660-\u0669]/u.test(label) && /[\u06f0-\u06f9]/u.test(label));
}

/**
 * The A-label of a U-label, when the U-label is valid: PVALID characters only, not starting with a
 * combining mark, no "--" in positions 3-4 nor a hyphen at either end (RFC 5891 §5.4), the
 * contextual rules, and unchanged by UTS #46 mapping (so in NFC, lower case and stable).
 */
export function aLabelOf(label: string): string | undefined {
  if (!U_LABEL.test(label) || IGNORED.test(label) || DISALLOWED_EXCEPTIONS.test(label) || /^\p{M}/u.test(label)) return undefined;
  if (label.slice(2, 4) === "--" || label.startsWith("-") || label.endsWith("-") || !contextOk(label)) return undefined;
  const ascii = url().domainToASCII(label);
  return ascii.startsWith("xn--") && !ascii.includes(".") && url().domainToUnicode(ascii) === label ? ascii : undefined;
}

/** The Unicode form of an `xn--` label, when it is a valid A-label: canonical Punycode of a valid U-label. */
export function uLabelOf(label: string): string | undefined {
  // Only `xn--` labels get here, so node:url is looked up on demand, not at every start-up.
  const unicode = url().domainToUnicode(label);
  if (unicode === "" || ASCII.test(unicode)) return undefined;
  return aLabelOf(unicode) === label.toLowerCase() ? unicode : undefined;
}
