import { observe } from "../adapter/observe.js";
import { runPipeline, type PipelineDefinition } from "../adapter/pipeline.js";
import type { CheckFn, ToolCall, ToolgateContext } from "../adapter/types.js";
import { Judgement, pass, stop, type Verdict } from "../adapter/verdict.js";
import { newRequestId } from "../ids.js";
import type { AgentResult } from "../result.js";
import { deepEqual, type Validator } from "../validate/support.js";
import { readFailure, type FailureContract } from "./read-failure.js";
import { isRecord, metaRequestId, onlyText, own, type Fields } from "./parts.js";

/** What a client knows about one tool from the generated code, independent of any `tools/list`. */
export interface ToolResultContract<Input = unknown, View = unknown> extends FailureContract {
  readonly version: number;
  readonly specHash: string;
  /** The tool's size and depth limits, held against the result's JSON text. */
  readonly limits: { readonly maxBytes: number; readonly maxDepth: number };
  /** The generated, precompiled validator of the agent view (the tool's MCP `outputSchema`). */
  readonly validateAgentView: Validator;
  /** The spec's bind checks whose output field the agent view holds: the client knows its own arguments. */
  readonly bind: CheckFn<Input, View>;
  /** The spec's fresh checks on agent-view fields, against the client's clock (`context.now`). */
  readonly semantic: CheckFn<Input, View>;
  /** The generated selector: the agent gets a new object of declared fields, never the server's. */
  readonly select: (view: View) => View;
}

const NO_CONTEXT: ToolgateContext = Object.freeze({});

type Def = PipelineDefinition<unknown, unknown, unknown>;

/**
 * Reads an MCP `CallToolResult`, when the server is the untrusted side, as `adapt` reads upstream
 * bytes. Success: the one text block (or, without one, `structuredContent` serialized) through the
 * tool's limits, strict parse, the agent-view validator, the declared binding and freshness checks
 * and the selector; then `structuredContent` must equal the result. Failure: see `readFailure`.
 * Each read delivers one operator event through `context`, as `adapt` does.
 */
export function readCallToolResult<Input, View>(result: unknown, contract: ToolResultContract<Input, View>, input: Input, context: ToolgateContext = NO_CONTEXT): AgentResult<View> {
  const fields: Fields = isRecord(result) ? result : {};
  const def = pipelineOf(contract) as Def;
  const metaId = metaRequestId(fields);
  if (own(fields, "isError") === true) return readFailure(fields, contract, def, metaId, input, context);
  const call: ToolCall<unknown> = { tool: contract.tool, request_id: metaId ?? newRequestId(), input, context };
  const body = bodyOf(fields);
  return observe(def, body.raw, call, () => ("fault" in body ? Judgement.of(shapeFault(body.fault)) : judge<View>(def, call, body)));
}

/** The success result's JSON text and structuredContent, or the result-shape check it fails. */
type Body = { readonly raw: string; readonly structured: Fields } | { readonly raw: string | undefined; readonly fault: string };

function bodyOf(fields: Fields): Body {
  const text = onlyText(fields);
  if (text === null) return { raw: undefined, fault: "mcp.content" };
  const structured = own(fields, "structuredContent");
  const raw = text ?? serialized(structured);
  // A tool with an outputSchema must send structuredContent (MCP 2025-06-18).
  if (raw === undefined || !isRecord(structured)) return { raw, fault: "mcp.structured_content" };
  return { raw, structured };
}

function shapeFault(checkId: string): Verdict<never> {
  return stop("INVALID_RESPONSE", "schema", { schemaValid: false, checkId });
}

function judge<View>(def: Def, call: ToolCall<unknown>, body: { readonly raw: string; readonly structured: Fields }): Judgement<View> {
  // The text and structuredContent must agree: a client showing either one would otherwise show something unchecked.
  return (runPipeline(def, body.raw, call) as Judgement<View>).step(undefined, (data) =>
    deepEqual(data, body.structured) ? pass(data) : stop("INVALID_RESPONSE", "binding", { checkId: "mcp.text_equals_structured" }),
  );
}

/** The JSON of a structuredContent sent without a text block; undefined when it has none (a cycle, a BigInt, too deep). */
function serialized(structured: unknown): string | undefined {
  if (!isRecord(structured)) return undefined;
  try {
    return JSON.stringify(structured);
  } catch {
    return undefined;
  }
}

/** The contract as the adapter's pipeline reads it: the view is the whole payload, without an envelope. */
function pipelineOf<Input, View>(contract: ToolResultContract<Input, View>): PipelineDefinition<Input, View, View> {
  return { ...contract, envelope: false, validateResponse: contract.validateAgentView };
}
