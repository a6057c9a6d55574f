import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { catalogError, FAILURE_ENVELOPE_SCHEMA, newRequestId, withOperation } from "@toolgate/runtime";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { AgentError, AgentFailure } from "@toolgate/runtime";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { observe, SUITE_AUDIT_DIR, SUITE_AUDIT_FILE, surfaces, type HostileCase, type Observation } from "./fixtures/secrets/case.js";
import { commandCases } from "./fixtures/secrets/command-cases.js";
import { faultCases, inputCases } from "./fixtures/secrets/fault-cases.js";
import { httpCases } from "./fixtures/secrets/http-cases.js";
import type { Reply } from "./fixtures/secrets/http-shapes.js";
import { networkCases } from "./fixtures/secrets/network-cases.js";
import { CANARY, CANARY_VARIANTS, FORM_NAMES, findCanary, plant } from "./support/canary.js";
import { refusedPort, stalledListener, startLoopback } from "./support/loopback.js";
import { runBuiltCli } from "./support/built-cli.js";
import { hasOpenssl, startSelfSignedServer } from "./support/self-signed.js";

/*
 * The hostile-fixture test: one canary secret (three variants) planted in every place an
 * upstream, a library or the agent could put it, in every encoding, run through the real gateway.
 * Per case: the exact code and action; the canary in no output but the protected evidence sink;
 * no raw header, body or connection detail (the result must equal the fixed envelope or view);
 * an operator event with the request id, the layer and the state to investigate.
 */

const upstream = await startLoopback();
const stalled = await stalledListener();
const selfSigned = hasOpenssl() ? await startSelfSignedServer() : undefined;
afterAll(async () => {
  rmSync(SUITE_AUDIT_DIR, { recursive: true, force: true });
  stalled.close();
  await upstream.close();
  await selfSigned?.close();
});

/** The request id of every case's call, in order: what `audit explain` is asked about at the end. */
const explained: string[] = [];

const CASES: readonly HostileCase[] = [
  ...httpCases(upstream),
  ...commandCases(),
  ...faultCases(upstream),
  ...inputCases(),
  ...networkCases({ upstream, refused: `127.0.0.1:${await refusedPort()}`, stalled: stalled.origin, selfSigned: selfSigned?.origin }),
];

describe("the scanner decodes before it matches", () => {
  it("finds every secret variant in every form, inside any text and inside JSON", () => {
    const planted = fc.tuple(fc.constantFrom(...CANARY_VARIANTS), fc.constantFrom(...FORM_NAMES), fc.string(), fc.string());
    fc.assert(
      fc.property(planted, ([secret, form, before, after]) => {
        const text = before + plant(form, secret) + after;
        return findCanary(text) !== null && findCanary(JSON.stringify({ text })) !== null;
      }),
      { seed: 20261129, numRuns: 1_000 },
    );
  });

  it("finds nothing in ids, digests, encoded noise and near misses", () => {
    const noise = fc.oneof(
      fc.string(),
      fc.uint8Array({ minLength: 8, maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("base64")),
      fc.uint8Array({ minLength: 8, maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("hex")),
      fc.constant(null).map(() => `${newRequestId()} ${createHash("sha256").update(newRequestId()).digest("hex")}`),
    );
    fc.assert(
      fc.property(fc.array(noise), (parts) => findCanary(JSON.stringify(parts)) === null),
      { seed: 20261129, numRuns: 300 },
    );
    for (const nearMiss of ["tg_canar_5fQ3xR9LwZ", "tg-canary", "5fQ2xR9LwY"]) expect(findCanary(plant("base64-1", nearMiss))).toBeNull();
    expect(findCanary(plant("base64-2", CANARY))).toBe(CANARY.toLowerCase());
  });
});

/** Every failure the gateway returns holds to the versioned envelope contract. */
const isFailureEnvelope = new Ajv2020({ strict: true }).compile(FAILURE_ENVELOPE_SCHEMA);

/** The first failure envelope seen per tool, code and field list; every later one must be the same bytes. */
const envelopes = new Map<string, string>();

function expectAgentResult(hostile: HostileCase, o: Observation): void {
  expect(o.thrown).toBeUndefined();
  const result = o.result!;
  expect(result.request_id).toMatch(/^req_[A-Za-z0-9]{22}$/);
  const { tool } = hostile.adapter;
  const { code, data, invalidFields } = hostile.expected;
  if (code === undefined) return void expect(result).toEqual({ tool, request_id: result.request_id, outcome: "success", data });
  const error: AgentError = withOperation(
    { ...catalogError(code, hostile.adapter.retry.class), ...(invalidFields ? { invalid_fields: invalidFields } : {}) },
    hostile.adapter.operation,
  );
  expect(result).toEqual({ tool, request_id: result.request_id, outcome: "failure", error });
  expect(isFailureEnvelope(result), JSON.stringify(isFailureEnvelope.errors)).toBe(true);
  const bytes = JSON.stringify((result as AgentFailure).error);
  const key = `${tool} ${code} ${invalidFields?.join() ?? ""}`;
  expect(bytes).toBe(envelopes.get(key) ?? (envelopes.set(key, bytes), bytes));
}

function expectOperatorRecord(hostile: HostileCase, o: Observation): void {
  const { code, layer, status, attempts } = hostile.expected;
  const requestId = o.result!.request_id;
  expect(o.events).toHaveLength(1);
  // Every audit record is this call's (its boundaries, then the adapter's event, once); the event is also one span.
  const records = o.audit.trimEnd().split("\n").map((line) => (JSON.parse(line) as { body: { event: { request_id: string; boundary?: string } } }).body.event);
  expect(new Set(records.map((r) => r.request_id))).toEqual(new Set([requestId]));
  expect(records.filter((r) => r.boundary === undefined)).toHaveLength(1);
  expect((JSON.parse(o.spans) as unknown[]).length).toBe(1);
  expect(o.events[0]).toMatchObject({ request_id: requestId, outcome: code ? "failure" : "success", code, layer, upstream_status: status });
  expect(o.attempts.map((a) => [a.request_id, a.attempt])).toEqual(Array.from({ length: attempts }, (_, i) => [requestId, i + 1]));
}

/** Status, headers and the first 8 KiB of the body: where a reply carries the planted secret. */
const replyText = (reply: Reply): string => [reply.status, JSON.stringify(reply.headers ?? {}), reply.body.slice(0, 8192)].join("\n");

/**
 * The protected sink gets the raw bytes exactly when they reached the adapter: an HTTP reply's
 * body byte for byte, or command output and hook inputs that hold the canary.
 */
function expectEvidence(hostile: HostileCase, o: Observation): void {
  if (!hostile.expected.evidence) return void expect(o.evidence).toEqual([]);
  expect(o.evidence.map((e) => e.request_id)).toEqual([o.result!.request_id]);
  const raw = Buffer.from(o.evidence[0]!.raw);
  const body = hostile.served?.().at(-1)?.body;
  if (body === undefined) expect(findCanary(raw.toString("latin1"))).not.toBeNull();
  else expect(raw.toString("utf8")).toBe(body);
  // The adapter digests what it parsed; command output the gateway rejected itself is matched by request id only.
  const digest = o.events[0]!.raw_sha256;
  if (digest !== undefined) expect(digest).toBe(createHash("sha256").update(raw).digest("hex"));
}

describe("a planted canary reaches no agent result, event, attempt record, audit record, span, log line or thrown error", () => {
  for (const hostile of CASES) {
    it(hostile.name, async () => {
      const o = await observe(hostile);
      if (o.result) explained.push(o.result.request_id);
      for (const reply of hostile.served?.() ?? []) expect(findCanary(replyText(reply)), "the upstream sent the canary").not.toBeNull();
      for (const [surface, text] of Object.entries(surfaces(o))) expect(findCanary(text), `${surface}: ${text.slice(0, 400)}`).toBeNull();
      expectAgentResult(hostile, o);
      expectOperatorRecord(hostile, o);
      expectEvidence(hostile, o);
    });
  }

  // One explain per format over the suite's one audit file: the chain is read once for all calls.
  for (const format of ["text", "json", "github"]) {
    it(`nor \`toolgate audit explain\` of every case's call (${format})`, async () => {
      expect(explained.length).toBeGreaterThanOrEqual(300);
      const out = await runBuiltCli(SUITE_AUDIT_DIR, "audit", "explain", SUITE_AUDIT_FILE, ...explained, "--error-format", format);
      expect(out.stderr).toBe("");
      expect(out.code).toBe(0);
      for (const id of explained) expect(out.stdout).toContain(JSON.stringify(id));
      const found = findCanary(`${out.stdout}\n${out.stderr}`);
      expect(found, out.stdout.slice(0, 400)).toBeNull();
    }, 120_000);
  }

  it("ran at least 300 cases covering every failure code the gateway can return", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    const codes = new Set([...envelopes.keys()].map((key) => key.split(" ")[1]));
    expect([...codes].sort()).toEqual([
      "AUTH_FAILED",
      "INTERNAL_FAILURE",
      "INVALID_INPUT",
      "INVALID_RESPONSE",
      "NETWORK_UNREACHABLE",
      "NOT_FOUND",
      "OUTCOME_UNKNOWN",
      "RATE_LIMITED",
      "REMOTE_FORBIDDEN",
      "TEMPORARY_FAILURE",
      "UPSTREAM_UNAVAILABLE",
      "USER_DENIED",
      "VAULT_LOCKED",
    ]);
  });
});
