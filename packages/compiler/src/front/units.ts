/** Sizes (`16KiB`) and durations (`5m`) as written in specs. The meta-schema has already checked the shape. */

const SIZE_UNITS: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 * 1024 };
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseSize(value: number | string): number {
  if (typeof value === "number") return value;
  const match = /^([0-9]+)(B|KiB|MiB)$/.exec(value);
  return match ? Number(match[1]) * (SIZE_UNITS[match[2] ?? "B"] ?? 1) : Number.NaN;
}

export function parseDuration(value: string): number {
  const match = /^([0-9]+)(ms|s|m|h)$/.exec(value);
  return match ? Number(match[1]) * (DURATION_UNITS[match[2] ?? "ms"] ?? 1) : Number.NaN;
}
