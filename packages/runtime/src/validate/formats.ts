import { isDate, isDateTime, isTime } from "../time/rfc3339.js";

/**
 * Format assertions for generated validators. Self-contained (no ajv-formats at run time) and
 * linear-time: every regex here has no ambiguous repetition.
 */

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const OCTET = /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export function isHostname(text: string): boolean {
  const host = text.endsWith(".") ? text.slice(0, -1) : text;
  return host.length > 0 && host.length <= 253 && host.split(".").every((label) => LABEL.test(label));
}

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

export const isEmail = (text: string): boolean => text.length <= 254 && EMAIL.test(text);

export const isUri = (text: string): boolean => SCHEME.test(text) && URL.canParse(text) && !/[\s<>"{}|\\^`]/.test(text);

export const formats: Readonly<Record<string, (text: string) => boolean>> = Object.freeze({
  date: isDate,
  "date-time": isDateTime,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  time: isTime,
  uri: isUri,
  uuid: (text: string) => UUID.test(text),
});
