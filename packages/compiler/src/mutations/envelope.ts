import { upstreamCodes } from "../emit/envelope.js";
import { isSchemaObject } from "../schema/walk.js";
import type { Draft, MutationContext } from "./draft.js";
import { changed } from "./draft.js";
import { replaceAt, withMember } from "./json-text.js";
import { EXTRA_MEMBER } from "./shape.js";

/** Envelope upstreams: an extra member, a success that also carries an error, another tool's name, another call's request id. */

/** A request id in the runtime's grammar that no synthesized base uses. */
export const FOREIGN_REQUEST_ID = "req_toolgate_foreign_call";

export function envelopeMisses(ctx: MutationContext): Draft[] {
  const envelope = ctx.response;
  if (!ctx.tool.upstream.envelope || !isSchemaObject(envelope) || envelope.outcome !== "success") return [];
  // Both branches of the envelope are closed, whatever unknown_members says about the payload.
  const drafts: Draft[] = [changed("extra-property:/", `extra property ${EXTRA_MEMBER} in the envelope`, "schema", withMember(envelope, [], EXTRA_MEMBER, "near miss"))];
  const code = upstreamCodes(ctx.tool)[0];
  if (code !== undefined)
    drafts.push(changed("success-with-error:/error", `a success that also carries error ${code}`, "schema", withMember(envelope, [], "error", { code, retryable: false })));
  if (typeof envelope.tool === "string")
    drafts.push(changed("wrong-tool:/tool", `tool ${JSON.stringify(`${envelope.tool}_other`)} instead of ${JSON.stringify(envelope.tool)}`, "schema", replaceAt(envelope, ["tool"], `${envelope.tool}_other`)));
  if (typeof envelope.request_id === "string") {
    const foreign = envelope.request_id === FOREIGN_REQUEST_ID ? `${FOREIGN_REQUEST_ID}_2` : FOREIGN_REQUEST_ID;
    drafts.push(changed("foreign-request-id:/request_id", "the request id of another call", "binding", replaceAt(envelope, ["request_id"], foreign)));
  }
  return drafts;
}
