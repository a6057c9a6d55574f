import { parseStrict, type ParseLimits } from "@toolgate/runtime";
import { validatorDocument } from "../emit/validators.js";
import type { ToolIR } from "../ir/types.js";
import { isSchemaObject } from "../schema/walk.js";
import { checkMisses } from "./checks.js";
import type { Draft, MutationContext } from "./draft.js";
import { enumMissesOf } from "./enums.js";
import { envelopeMisses } from "./envelope.js";
import { serialize } from "./json-text.js";
import { numberMissesOf } from "./numbers.js";
import { positionsOf, type Path } from "./positions.js";
import { rawMisses } from "./raw.js";
import { SchemaScope } from "./schema-set.js";
import { shapeMisses } from "./shape.js";
import { stringMissesOf } from "./strings.js";
import type { FixtureBase, NearMiss } from "./types.js";

/** Every family, in the order their mutations are listed. */
const FAMILIES: readonly ((ctx: MutationContext) => Draft[])[] = [shapeMisses, stringMissesOf, numberMissesOf, enumMissesOf, envelopeMisses, checkMisses, rawMisses];

function contextOf(tool: ToolIR, base: FixtureBase, response: unknown): MutationContext {
  const scope = new SchemaScope(validatorDocument(tool));
  const output = scope.setOf([tool.output]);
  const dataPath: Path = tool.upstream.envelope ? ["data"] : [];
  const enveloped = isSchemaObject(response) && Object.hasOwn(response, "data");
  const positions = !tool.upstream.envelope ? positionsOf(scope, output, response, []) : enveloped ? positionsOf(scope, output, response.data, dataPath) : [];
  return { tool, base, scope, output, response, dataPath, positions };
}

/**
 * The layer the strict parser stops a text at, or undefined when it parses: a value mutation that
 * the parser would already refuse (a number it reads as unsafe) is dropped, and a raw one must be
 * refused exactly where its draft says.
 */
function parserLayer(raw: string, limits: ParseLimits): string | undefined {
  const parsed = parseStrict(raw, limits);
  return parsed.ok ? undefined : parsed.layer;
}

function finish(draft: Draft, base: FixtureBase, limits: ParseLimits, requestId: string | undefined): NearMiss | undefined {
  const raw = draft.raw ?? serialize(draft.response);
  const stopped = parserLayer(raw, limits);
  const parseLevel = draft.layer === "transport" || draft.layer === "syntax";
  if (parseLevel ? stopped !== draft.layer : stopped !== undefined) return undefined;
  return {
    id: draft.id,
    description: draft.description,
    raw,
    input: base.input,
    now: base.now,
    ...(requestId === undefined ? {} : { requestId }),
    expect: { layer: draft.layer, code: "INVALID_RESPONSE" },
  };
}

/** The id envelope calls must carry: the base's, else the one its response echoes. */
function requestIdOf(tool: ToolIR, base: FixtureBase, response: unknown): string | undefined {
  if (!tool.upstream.envelope) return base.requestId;
  const echoed = isSchemaObject(response) && typeof response.request_id === "string" ? response.request_id : undefined;
  return base.requestId ?? echoed;
}

/**
 * The near misses of one valid base response, each with the layer and code the generated adapter
 * must refuse it with (README, "Near-miss mutations"). Pure and deterministic: the same tool and
 * base give the same list in the same order. A base the strict parser refuses gives none.
 */
export function nearMisses(tool: ToolIR, base: FixtureBase): readonly NearMiss[] {
  const limits: ParseLimits = { maxBytes: tool.limits.maxBytes, maxDepth: tool.limits.maxDepth };
  const parsed = parseStrict(base.raw, limits);
  if (!parsed.ok) return [];
  const ctx = contextOf(tool, base, parsed.value);
  const requestId = requestIdOf(tool, base, parsed.value);
  const seen = new Set<string>();
  const out: NearMiss[] = [];
  for (const draft of FAMILIES.flatMap((family) => family(ctx))) {
    const miss = seen.has(draft.id) ? undefined : finish(draft, base, limits, requestId);
    seen.add(draft.id);
    if (miss !== undefined) out.push(miss);
  }
  return out;
}
