import { createAdapter, errorTable } from "@toolgate/runtime";
import { selectAgentView } from "../../generated/deployment_status/select.js";
import type { DeploymentStatusAgentView, DeploymentStatusInput, DeploymentStatusOutput } from "../../generated/deployment_status/types.js";
import { validateInput, validateOutput } from "../../generated/deployment_status/validate.js";

/**
 * An unsafe write (none of the example specs declares one): it starts a rollout and answers with
 * the deployment's status, so it reuses deployment_status's generated validators and selector.
 */
export const startDeployment = createAdapter<DeploymentStatusInput, DeploymentStatusOutput, DeploymentStatusAgentView>({
  tool: "start_deployment",
  version: 1,
  specHash: "0".repeat(64),
  limits: { maxBytes: 8192, maxDepth: 4 },
  envelope: false,
  retry: { class: "unsafe", maxAttempts: 3, budgetMs: 5_000, retryOn: ["NETWORK_UNREACHABLE", "TEMPORARY_FAILURE"] },
  errors: errorTable(
    [
      "INTERNAL_FAILURE",
      "INVALID_INPUT",
      "INVALID_RESPONSE",
      "NETWORK_UNREACHABLE",
      "OUTCOME_UNKNOWN",
      "TEMPORARY_FAILURE",
      "UPSTREAM_UNAVAILABLE",
    ],
    "unsafe",
  ),
  operation: "start_deployment",
  validateInput,
  validateResponse: validateOutput,
  bind: (output, input) => (output.environment === input.environment ? undefined : "bind.environment"),
  semantic: () => undefined,
  select: selectAgentView,
});
