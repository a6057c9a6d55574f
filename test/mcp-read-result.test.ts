import { REQUEST_ID_META_KEY, type AdapterEvent } from "@toolgate/runtime";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readResult } from "../generated/review_status/client.js";

/*
 * readResult in process, where a test controls the client's clock and plants random undeclared
 * members in the text, in structuredContent or in both.
 */

const ARGS = { change_id: "CR-42" };
const CANARY = "CANARY-7f3a";
const DECLARED = new Set(["change_id", "decision", "observed_at"]);

const view = (at = new Date().toISOString()) => ({ change_id: "CR-42", decision: "approved", observed_at: at });
const result = (structured: object | undefined, text: string = JSON.stringify(structured)): Record<string, unknown> => ({
  content: [{ type: "text", text }],
  ...(structured ? { structuredContent: structured } : {}),
  _meta: { [REQUEST_ID_META_KEY]: "req_ABCDEFGHIJKLMNOPQRSTUV" },
});

describe("readResult", () => {
  it("returns a view built by the selector, never the server's object", () => {
    const structured = view();
    const read = readResult(result(structured), ARGS);
    expect(read).toStrictEqual({ tool: "review_status", request_id: "req_ABCDEFGHIJKLMNOPQRSTUV", outcome: "success", data: structured });
    expect(read.outcome === "success" && read.data).not.toBe(structured);
  });

  it("checks freshness against the client's clock", () => {
    const events: AdapterEvent[] = [];
    const inAnHour = () => Date.now() + 3_600_000;
    expect(readResult(result(view()), ARGS, { now: inAnHour, onEvent: (e) => events.push(e) })).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    expect(events).toMatchObject([{ layer: "semantic", check_id: "fresh.observed_at" }]);
  });

  it("never lets an undeclared member through, in the text, in structuredContent or in both", () => {
    const undeclared = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !DECLARED.has(key) && key !== "__proto__");
    const where = fc.constantFrom("text", "structured", "both");
    fc.assert(
      fc.property(undeclared, where, (key, place) => {
        const clean = view();
        const planted = { ...clean, [key]: CANARY };
        const read = readResult(result(place === "text" ? clean : planted, JSON.stringify(place === "structured" ? clean : planted)), ARGS);
        expect(read).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
        expect(JSON.stringify(read)).not.toContain(CANARY);
      }),
    );
  });
});
