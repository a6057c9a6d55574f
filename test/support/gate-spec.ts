/** The hook tests' one-tool spec (its check on line 18, after a bind check). */
export const gateSpec = (check: string): string => `tool: gate
version: 1
description: Example with a hook.
input:
  type: object
  required: [id]
  properties:
    id: { type: string, maxLength: 8 }
output:
  type: object
  required: [id, owner]
  properties:
    id: { type: string, pattern: "^[a-z0-9]{1,8}$" }
    owner: { type: string, maxLength: 32 }
agent_view: [id]
checks:
  - bind: id
  ${check}
`;
