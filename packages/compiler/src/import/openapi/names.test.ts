import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyName, snakeCase, toolName } from "./names.js";

describe("imported names", () => {
  it.each([
    ["listPets", "list_pets"],
    ["find pet by id", "find_pet_by_id"],
    ["list-data-sets", "list_data_sets"],
    ["HTTPServerStatus", "http_server_status"],
    ["getV2Item", "get_v2_item"],
  ])("snake-cases %s as %s", (id, name) => expect(snakeCase(id)).toBe(name));

  it("names an operation without operationId from its method and path, and one that starts with a digit", () => {
    expect(toolName(undefined, "GET", "/pets/{petId}/toys")).toBe("get_pets_pet_id_toys");
    expect(toolName("2fa-verify", "POST", "/")).toBe("op_2fa_verify");
    expect(toolName("¿¡", "POST", "/")).toBe("op");
  });

  it("gives every operationId a tool name valid for all vendors", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.constantFrom("GET", "POST"), fc.string(), (id, method, path) => {
      expect(toolName(id, method, path)).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
      expect(toolName(undefined, method, path)).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
    }));
  });

  it("keeps parameter names that are identifiers and maps the others to snake case", () => {
    expect(propertyName("petId")).toBe("petId");
    expect(propertyName("X-Request-ID")).toBe("x_request_id");
    expect(propertyName("page[size]")).toBe("page_size");
    fc.assert(fc.property(fc.string({ maxLength: 100 }), (name) => {
      expect(propertyName(name)).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
    }));
  });
});
