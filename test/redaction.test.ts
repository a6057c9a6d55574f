import { redactFreeText } from "@toolgate/runtime";
import { newAuditAnchor, openAuditFile, verifyAuditLog } from "@toolgate/runtime/audit";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { reviewStatus } from "../generated/review_status/adapter.js";
import { CANARY, CANARY_JWT, CANARY_PASSWORD, CANARY_VARIANTS, FORM_NAMES, findCanary, plant } from "./support/canary.js";
import { tempDir } from "./support/project.js";

/** Issue 16, "Redaction before anything is stored": one policy for every free-text field of an operator record. */

const tmp = await tempDir("redaction");
afterAll(() => tmp.dispose());

describe("redactFreeText", () => {
  it("drops URL userinfo, query values and fragments, and keeps the template's literal segments", () => {
    const url = `GET https://ops:${encodeURIComponent(CANARY_PASSWORD)}@api.example.com:8443/reviews/CR-42?token=${CANARY}&page=2#${CANARY}`;
    expect(redactFreeText("endpoint", url, { pathTemplate: "/reviews/{change_id}" })).toBe("GET https://api.example.com:8443/reviews/{change_id}?token=&page=");
    expect(redactFreeText("path", "/projects/bluebird/jobs/x/runs/latest", { pathTemplate: "/projects/{project_id}/jobs/{job}/runs/latest" })).toBe(
      "/projects/{project_id}/jobs/{job}/runs/latest",
    );
    // A segment the template does not spell out, or one past its end, is never kept.
    expect(redactFreeText("path", "/reviewz/CR-42/extra", { pathTemplate: "/reviews/{change_id}" })).toBe("/{…}/{change_id}/{…}");
    expect(redactFreeText("host", `ops:${CANARY}@build-01.example.com`)).toBe("build-01.example.com");
    // A URL that does not parse keeps its scheme only: where its userinfo ends is anyone's guess.
    expect(redactFreeText("endpoint", `GET http://ops:${CANARY}@[::1/x`)).toBe("GET http://[redacted]");
  });

  it("keeps header names, never their values, and masks known secret shapes", () => {
    expect(redactFreeText("message", `Authorization: Bearer ${CANARY}`)).toBe("Authorization: [redacted]");
    expect(redactFreeText("message", "X-Api-Key: abc")).toBe("X-Api-Key: [redacted]");
    expect(redactFreeText("command", `ssh -i key build-01 deploy --token ${CANARY} password=hunter2`)).toBe("ssh -i key build-01 deploy --token [redacted] password=[redacted]");
    for (const shape of ["ghp_0123456789abcdefABCDEF0123456789abcd", "AKIAIOSFODNN7EXAMPLE", "sk-ant-api03-abcdefghij0123456789", "xoxb-123456789012-abcdefABCDEF", CANARY_JWT]) {
      expect(redactFreeText("message", `failed with ${shape} here`)).toBe("failed with [redacted] here");
    }
    expect(redactFreeText("message", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----")).toBe("[redacted]");
    // Plain words, small ids, times and numbers stay readable.
    expect(redactFreeText("message", "ECONNRESET after 2 attempts on CR-42 at 2026-11-29T12:00:00Z")).toBe("ECONNRESET after 2 attempts on CR-42 at 2026-11-29T12:00:00Z");
  });

  it("leaves no canary, in any encoding, in any kind of free text", () => {
    const kinds = ["endpoint", "path", "host", "command", "message"] as const;
    const places = [
      (s: string) => `GET http://ops:${s}@127.0.0.1:9/reviews/CR-42`,
      (s: string) => `POST https://api.example.com/v1/reviews/${s}?key=${s}`,
      (s: string) => `/reviews/${s}`,
      (s: string) => `ssh build-01 df -- ${s}`,
      (s: string) => `connect failed: ${s}`,
      (s: string) => `Authorization: ${s}`,
    ];
    const planted = fc.tuple(fc.constantFrom(...CANARY_VARIANTS), fc.constantFrom(...FORM_NAMES), fc.constantFrom(...places), fc.constantFrom(...kinds));
    fc.assert(
      fc.property(planted, ([secret, form, place, kind]) => {
        const text = place(plant(form, secret));
        return findCanary(redactFreeText(kind, text, { pathTemplate: "/reviews/{change_id}" })) === null;
      }),
      { seed: 20261201, numRuns: 3_000 },
    );
  });

  it("is total: any string gives a string, and redacting twice changes nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom("endpoint", "path", "host", "command", "message" as const), fc.string({ maxLength: 300 }), (kind, text) => {
        const once = redactFreeText(kind, text);
        return typeof once === "string" && redactFreeText(kind, once) === once;
      }),
      { seed: 20261201, numRuns: 2_000 },
    );
  });
});

describe("the audit file's upstream string", () => {
  it("keeps neither the password nor the token of a URL (the issue's case)", () => {
    const file = join(tmp.dir, "audit.jsonl");
    const anchor = newAuditAnchor();
    const log = openAuditFile(file, { writer: "gateway-1", anchor });
    const started = reviewStatus.call({ change_id: "CR-42" }, { onEvent: (event) => void log.record(event, `GET https://ops:${encodeURIComponent(CANARY_PASSWORD)}@api.example.com/reviews/CR-42?access_token=${CANARY}`, { pathTemplate: "/reviews/{change_id}" }) });
    if (!started.ok) throw new Error("input rejected");
    reviewStatus.adapt("{}", started.call);
    log.close();
    const text = readFileSync(file, "utf8");
    expect(findCanary(text)).toBeNull();
    expect((JSON.parse(text) as { body: { upstream: string } }).body.upstream).toBe("GET https://api.example.com/reviews/{change_id}?access_token=");
    expect(verifyAuditLog(text, { anchor }).problem).toBeUndefined();
  });
});
