/**
 * A-label (`xn--…`) checks for the hostname format. node:url decodes Punycode with UTS #46
 * (rejecting bad Punycode, leading combining marks, bidi and joiner violations); RFC 5891/5892 add
 * the hyphen rule, the DISALLOWED exceptions and the CONTEXTO rules below. The full IDNA2008
 * DISALLOWED table is not reproduced.
 */

// RFC 5892 §2.6: exceptions that are DISALLOWED although their category would allow them.
const DISALLOWED_EXCEPTIONS = /[\u0640\u07fa\u302e\u302f\u3031-\u3035\u303b]/u;

/** RFC 5892 Appendix A.3–A.9: characters valid only in context. */
function contextOk(label: string): boolean {
  const chars = [...label];
  const ok = chars.every((c, i) => {
    const before = chars[i - 1] ?? "";
    const after = chars[i + 1] ?? "";
    if (c === "\u00b7") return before === "l" && after === "l";
    if (c === "\u0375") return /\p{Script=Greek}/u.test(after);
    if (c === "\u05f3" || c === "\u05f4") return /\p{Script=Hebrew}/u.test(before);
    if (c === "\u30fb") return /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replaceAll("\u30fb", ""));
    return true;
  });
  // Arabic-Indic and Extended Arabic-Indic digits must not be mixed.
  return ok && !(/[\u0660-\u0669]/u.test(label) && /[\u06f0-\u06f9]/u.test(label));
}

/** Whether an ASCII label starting with `xn--` is a valid A-label. */
export function isALabel(label: string): boolean {
  // Only `xn--` labels get here, so node:url is looked up on demand, not at every start-up.
  const unicode = process.getBuiltinModule("node:url").domainToUnicode(label);
  if (unicode === "" || unicode.includes(".")) return false;
  // RFC 5891 §4.2.3.1: no "--" in positions 3–4, no leading or trailing hyphen.
  if (unicode.slice(2, 4) === "--" || unicode.startsWith("-") || unicode.endsWith("-")) return false;
  return !DISALLOWED_EXCEPTIONS.test(unicode) && contextOk(unicode);
}
