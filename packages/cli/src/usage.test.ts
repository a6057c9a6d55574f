import { describe, expect, it } from "vitest";
import { errorFormatOf, formatUsageError } from "./usage.js";

describe("errorFormatOf", () => {
  it("reads both spellings; the last valid value wins; invalid values and text after -- are ignored", () => {
    expect(errorFormatOf(["gen", "--nope"])).toBe("text");
    expect(errorFormatOf(["gen", "--error-format", "json"])).toBe("json");
    expect(errorFormatOf(["gen", "--error-format=github"])).toBe("github");
    expect(errorFormatOf(["gen", "--error-format", "json", "--error-format", "xml"])).toBe("json");
    expect(errorFormatOf(["gen", "--error-format", "json", "--error-format=text"])).toBe("text");
    expect(errorFormatOf(["gen", "--error-format"])).toBe("text");
    expect(errorFormatOf(["gen", "--", "--error-format", "json"])).toBe("text");
  });
});

describe("formatUsageError", () => {
  it("keeps text as written and drops the lead word in json and github", () => {
    expect(formatUsageError("error: unknown option '--x'", "text")).toBe("error: unknown option '--x'");
    expect(JSON.parse(formatUsageError("toolgate: bad", "json"))).toEqual([{ severity: "error", message: "bad" }]);
    expect(formatUsageError("error: unknown option '--x'", "github")).toBe("::error::unknown option '--x'");
  });

  it("keeps a GitHub workflow command on one line whatever the message holds", () => {
    expect(formatUsageError("error: unknown option '--a\nb%'", "github")).toBe("::error::unknown option '--a%0Ab%25'");
  });
});
