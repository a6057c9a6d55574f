import type { UpstreamFn } from "@toolgate/runtime";
import { callHttp } from "@toolgate/runtime/upstream";
import { buildStatusRoute } from "../../generated/build_status/adapter.js";
import type { BuildStatusInput } from "../../generated/build_status/types.js";

/** The user's side of build_status for every framework: one GET of the build service, 5 s deadline. */
export const buildService = (baseUrl: string): UpstreamFn<BuildStatusInput> => async (call) => {
  const url = new URL(buildStatusRoute.pathFor(call.input), baseUrl);
  const result = await callHttp({ method: "GET", url }, { timeoutMs: 5_000, maxBytes: 32_768, retryClass: "idempotent" });
  return result.ok ? result.body : result;
};
