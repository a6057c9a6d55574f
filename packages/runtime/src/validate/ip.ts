/** IPv4 dotted-quad (RFC 2673 §3.2: no leading zeros) and IPv6 (RFC 4291 §2.2) text forms. */

const OCTET = /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIpv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((p) => OCTET.test(p));
}

export function isIpv6(text: string): boolean {
  if (text.length > 45) return false;
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = halves.map((h) => (h === "" ? [] : h.split(":")));
  const all = groups.flat();
  const last = all.at(-1);
  const embedsV4 = last !== undefined && last.includes(".");
  if (embedsV4 && !isIpv4(last)) return false;
  const hexGroups = embedsV4 ? all.slice(0, -1) : all;
  if (!hexGroups.every((g) => HEX_GROUP.test(g))) return false;
  const width = hexGroups.length + (embedsV4 ? 2 : 0);
  return halves.length === 2 ? width <= 7 : width === 8;
}
