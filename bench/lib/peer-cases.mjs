// The precompiled peers (issue 19): typia, Ajv standalone + secure-json-parse, TypeBox. Each runs
// the same pipeline (lib/peers/pipeline.mjs) around its own parse and validate.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_TOOL } from "./paths.mjs";
import { FIXED_REQUEST_ID, NOW, PROJECT_ID, payloadText } from "./payload.mjs";
import { AJV_STANDALONE_FILE, TYPIA_FILE } from "./peers/build.mjs";
import { generatedChecks, peerPipeline } from "./peers/pipeline.mjs";
import { typeboxEnvelope } from "./peers/typebox-envelope.mjs";

export const peersDir = (dir) => join(dir, "peers");
const isSuccess = (result) => result?.outcome === "success";

async function peerCase({ dir, size, meta }, parse, validate) {
  const definition = await generatedChecks(dir);
  const common = { definition, maxBytes: meta.limits.maxBytes, requestId: FIXED_REQUEST_ID, input: { project_id: PROJECT_ID }, now: NOW };
  const pipeline = peerPipeline({ parse, validate, ...common });
  const text = payloadText(size, { tool: BENCH_TOOL, requestId: FIXED_REQUEST_ID });
  return { text, run: () => pipeline(text), ok: isSuccess, accepts: (t) => isSuccess(pipeline(t)) };
}

async function typiaCase(setup) {
  const validateEnvelope = await typiaValidator(setup.dir);
  return peerCase(setup, JSON.parse, (doc) => validateEnvelope(doc).success);
}

/** typia's generated validateEquals of the bench envelope. */
export const typiaValidator = async (dir) => (await import(pathToFileURL(join(peersDir(dir), TYPIA_FILE)).href)).validateEnvelope;

async function ajvStandaloneCase(setup) {
  const require = createRequire(import.meta.url);
  const { validateEnvelope } = require(join(peersDir(setup.dir), AJV_STANDALONE_FILE));
  const { default: secureJson } = await import("secure-json-parse");
  return peerCase(setup, (text) => secureJson.parse(text), validateEnvelope);
}

function typeboxCase(setup) {
  const check = typeboxEnvelope(BENCH_TOOL);
  return peerCase(setup, JSON.parse, (doc) => check.Check(doc));
}

export const PEER_CASES = {
  typia: { label: "typia 12: JSON.parse + validateEquals + generated pick", setup: typiaCase },
  ajv_standalone: { label: "Ajv standalone (strict) + secure-json-parse + generated pick", setup: ajvStandaloneCase },
  typebox: { label: "TypeBox TypeCompiler + JSON.parse + generated pick", setup: typeboxCase },
};
