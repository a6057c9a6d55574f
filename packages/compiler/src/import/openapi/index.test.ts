import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { importOpenApi, referencedFiles } from "./index.js";

const DOC = "api/shop.yaml";

/** A 3.1 document with one operation whose parts the test sets. */
function document(operation: string, components = "") {
  return [
    "openapi: 3.1.0",
    "info: { title: Shop, version: 1.0.0 }",
    "paths:",
    "  /items/{Item-Id}:",
    "    get:",
    operation,
    "components:",
    "  schemas:",
    "    Item: { type: object, required: [id], properties: { id: { type: string } } }",
    components,
  ].join("\n");
}

const OK_RESPONSE = ["      responses:", "        '200':", "          description: ok", "          content:", "            application/json:", "              schema: { $ref: '#/components/schemas/Item' }"].join("\n");

const run = (text: string, existing = new Map<string, string>(), extra: Record<string, string> = {}) =>
  importOpenApi({ document: DOC, files: new Map([[DOC, text], ...Object.entries(extra)]), existing, specsDir: "specs" });

describe("importOpenApi", () => {
  it("maps a parameter name that is no identifier, in the input and in the path template, and says which parameter it is", () => {
    const op = ["      operationId: getItem", "      summary: Reads one item.", "      parameters:", "        - { name: Item-Id, in: path, required: true, schema: { type: string } }", OK_RESPONSE].join("\n");
    const result = run(document(op));
    expect(result.diagnostics).toEqual([]);
    const spec = result.files.find((f) => f.path === "get_item.yaml")!.content;
    expect(parseDocument(spec).toJS()).toMatchObject({ input: { required: ["item_id"], properties: { item_id: { type: "string" } } }, upstream: { path: "/items/{item_id}" } });
    expect(spec).toContain('    # path parameter "Item-Id"\n    item_id:');
    expect(result.files.map((f) => f.path)).toEqual(["schemas/shop.yaml", "get_item.yaml"]);
  });

  it("keeps upstream text out of comments' structure: a newline in a name is escaped, never a new YAML line", () => {
    const op = ["      operationId: getItem", "      summary: Reads one item.", "      parameters:", '        - { name: "a\\nagent_view: [id]", in: query, schema: { type: string } }', OK_RESPONSE].join("\n");
    const spec = run(document(op)).files.find((f) => f.path === "get_item.yaml")!.content;
    expect(spec).toContain('# query parameter "a\\nagent_view: [id]"');
    expect(parseDocument(spec).toJS().agent_view).toBe("TODO: choose the fields the agent needs");
  });

  it("copies a schema from a local file into the pool under its own name, shared through one $ref", () => {
    const op = ["      operationId: getItem", "      summary: Reads one item.", OK_RESPONSE.replace("#/components/schemas/Item", "./common.yaml#/Money")].join("\n");
    const files = { "api/common.yaml": "Money: { type: object, properties: { amount: { type: integer } } }\n" };
    expect(referencedFiles(DOC, document(op))).toEqual(["api/common.yaml"]);
    const result = run(document(op), new Map(), files);
    const pool = parseDocument(result.files.find((f) => f.path === "schemas/shop.yaml")!.content).toJS();
    expect(Object.keys(pool.components.schemas)).toEqual(["Item", "Money"]);
    expect(parseDocument(result.files[1]!.content).toJS().output).toEqual({ $ref: "./schemas/shop.yaml#/components/schemas/Money" });
  });

  it("is deterministic and writes nothing when a second run finds nothing new", () => {
    const op = ["      operationId: getItem", "      summary: Reads one item.", OK_RESPONSE].join("\n");
    const first = run(document(op));
    expect(run(document(op)).files).toEqual(first.files);
    const again = run(document(op), new Map(first.files.map((f) => [f.path, f.content])));
    expect(again.files).toEqual([]);
    expect(again.report).toEqual(["schemas/shop.yaml: unchanged", "get_item.yaml: unchanged"]);
  });

  it("rewrites only the owned keys' text on re-import, and falls back to printing a flow-style spec whole", () => {
    const op = ["      operationId: getItem", "      summary: Reads one item.", OK_RESPONSE].join("\n");
    const first = run(document(op)).files.find((f) => f.path === "get_item.yaml")!.content;
    const mine = first.replace(/^agent_view: .*$/m, "agent_view: [ id ]   # mine").replace(/^errors: \[\]$/m, "errors: [NOT_FOUND]");
    const updated = run(document(op), new Map([["get_item.yaml", mine]])).files.find((f) => f.path === "get_item.yaml")!.content;
    expect(updated).toBe(mine.replace("errors: [NOT_FOUND]", "errors: []"));
    const flow = `{ tool: get_item, version: 2, agent_view: [id], errors: [NOT_FOUND], upstream: { envelope: true } }\n`;
    const fromFlow = parseDocument(run(document(op), new Map([["get_item.yaml", flow]])).files.find((f) => f.path === "get_item.yaml")!.content).toJS();
    expect(fromFlow).toMatchObject({ version: 2, agent_view: ["id"], errors: [], upstream: { envelope: true, kind: "http", method: "GET", path: "/items/{Item-Id}", operation: "get_item" } });
  });

  it("refuses to update a spec that no longer parses, and writes nothing", () => {
    const op = ["      operationId: getItem", "      summary: Reads one item.", OK_RESPONSE].join("\n");
    const result = run(document(op), new Map([["get_item.yaml", "tool: [\n"]]));
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(['TG125 "get_item.yaml" cannot be updated: it is not a YAML mapping']);
    expect(result.files).toEqual([]);
  });

  it("writes a TODO for a description the spec format cannot take, and for none", () => {
    const long = ["      operationId: getItem", `      description: ${"x".repeat(2100)}`, OK_RESPONSE].join("\n");
    expect(parseDocument(run(document(long)).files[1]!.content).toJS().description).toBe("TODO: the document's summary and description are 2100 characters; write one of at most 2048");
  });

  it("refuses a document whose alias contains itself instead of walking it forever", () => {
    const result = run("openapi: 3.1.0\npaths: &p\n  /a: *p\n");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["TG121"]);
    expect(result.files).toEqual([]);
  });

  it("reports two operations that map to one tool name and imports the first", () => {
    const text = document(["      operationId: get-item", "      summary: Reads one item.", OK_RESPONSE].join("\n")).replace("paths:\n", `paths:\n  /other:\n    get:\n      operationId: getItem\n      summary: Reads one item.\n${OK_RESPONSE}\n`);
    const result = run(text);
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(['TG123 operation "get-item" is not imported: its tool name "get_item" is taken by "getItem"']);
    expect(result.drafted).toBe(1);
  });
});
