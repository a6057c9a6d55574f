import { describe, expect, it } from "vitest";
import { codeForHttpStatus, statusCarriesRetryAfter } from "./http-status.js";

describe("codeForHttpStatus", () => {
  it.each([
    [401, "AUTH_FAILED"],
    [403, "REMOTE_FORBIDDEN"],
    [404, "NOT_FOUND"],
    [429, "RATE_LIMITED"],
    [500, "TEMPORARY_FAILURE"],
    [502, "TEMPORARY_FAILURE"],
    [503, "UPSTREAM_UNAVAILABLE"],
    [504, "TEMPORARY_FAILURE"],
    [400, "INVALID_RESPONSE"],
    [409, "INVALID_RESPONSE"],
    [451, "INVALID_RESPONSE"],
    [301, "INVALID_RESPONSE"],
    [304, "INVALID_RESPONSE"],
    [501, "INVALID_RESPONSE"],
    [0, "INVALID_RESPONSE"],
  ])("maps %d to %s", (status, code) => {
    expect(codeForHttpStatus(status)).toBe(code);
  });

  it("treats every 2xx as success", () => {
    expect([200, 201, 204, 299].map(codeForHttpStatus)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("honours Retry-After only for 429 and 503", () => {
    expect([429, 503, 500, 301, 200].map(statusCarriesRetryAfter)).toEqual([true, true, false, false, false]);
  });
});
