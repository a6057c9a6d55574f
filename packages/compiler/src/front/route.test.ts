import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { buildRoute } from "./route.js";

const AT = { file: "specs/t.yaml", line: 9, column: 3 };
const INPUT = {
  type: "object",
  required: ["change_id", "n", "kind", "nested"],
  properties: {
    change_id: { type: "string" },
    n: { type: "integer" },
    kind: { enum: ["a", 1] },
    nested: { type: "object", properties: { x: { type: "string" } } },
    optional: { type: "string" },
  },
};

function route(path: string, upstream: { kind?: string; method?: string } = {}) {
  const sink = new DiagnosticCollector();
  const result = buildRoute({ ...upstream, path }, { input: INPUT, defs: {}, locate: () => AT, sink });
  return { result, found: sink.diagnostics.map((d) => [d.code, d.message]) };
}

describe("buildRoute", () => {
  it("splits a template into literal text and required scalar fields, GET by default", () => {
    expect(route("/reviews/{change_id}/runs/{n}/{kind}")).toEqual({
      result: { method: "GET", path: "/reviews/{change_id}/runs/{n}/{kind}", segments: [{ text: "/reviews/" }, { field: ["change_id"] }, { text: "/runs/" }, { field: ["n"] }, { text: "/" }, { field: ["kind"] }] },
      found: [],
    });
    expect(route("/x", { method: "POST" }).result?.method).toBe("POST");
  });

  it("has no route for a command upstream", () => {
    expect(route("/x", { kind: "command" })).toEqual({ result: undefined, found: [] });
  });

  it("TG330 for what no request could be built from", () => {
    const detail = (path: string) => route(path).found.map(([, message]) => message);
    expect(detail("x/{n}")).toEqual(['upstream path "x/{n}" is not a path template: it must start with /']);
    expect(detail("/x?y=1")).toEqual(['upstream path "/x?y=1" is not a path template: a query or fragment is not part of the path']);
    expect(detail("/x/{n")).toEqual(['upstream path "/x/{n" is not a path template: unmatched {']);
    expect(detail("/a b")).toEqual(['upstream path "/a b" is not a path template: "/a b" holds a character a URL path would have to encode']);
    expect(detail("//evil/{n}")).toEqual(['upstream path "//evil/{n}" is not a path template: it has an empty segment (//)']);
    expect(detail("/x/../{n}")).toEqual(['upstream path "/x/../{n}" is not a path template: it has a dot segment']);
    expect(route("x").result).toBeUndefined();
  });

  it("TG331 for a field that is optional, nested, not a scalar or not declared", () => {
    for (const field of ["optional", "nested.x", "nested", "missing"]) {
      expect(route(`/x/{${field}}`).found, field).toEqual([["TG331", `upstream path field "${field}" is not a required top-level string or integer input field`]]);
    }
  });
});
