export { createAdapter, createAsyncAdapter } from "./adapter/create.js";
export type {
  AdaptResult,
  Adapter,
  AdapterDefinition,
  AnyAdapter,
  AsyncAdapter,
  AsyncAdapterDefinition,
  AsyncCheck,
  AdapterEvent,
  CallOptions,
  CallStart,
  CheckFn,
  Correlation,
  FailOptions,
  OperatorLabels,
  RawEvidence,
  ToolCall,
  ToolgateContext,
} from "./adapter/types.js";
export { CATALOG, CATALOG_CODES, isCatalogCode, type CallerAction, type CatalogCode, type CatalogEntry, type Retryability } from "./errors/catalog.js";
export { catalogError, errorTable } from "./errors/table.js";
export { newIdempotencyKey, newRequestId, OPAQUE_ID_PATTERN } from "./ids.js";
export { isForbiddenKey, parseStrict, type MemberProof, type ParseFailureReason, type ParseLimits, type ParseOutcome } from "./json/index.js";
export type { AgentError, AgentFailure, AgentResult, AgentSuccess, Layer } from "./result.js";
export { withOperation } from "./result.js";
export { parseDateTime } from "./time/rfc3339.js";
export { pathSegment } from "./path-segment.js";
export { redactFreeText } from "./redact.js";
export { codeForInterruptedCall } from "./upstream/outcome.js";
export { ownMember } from "./own.js";
export { formats } from "./validate/formats.js";
export { deepEqual, isMultipleOf, ucs2length, type ValidationIssue, type Validator, type ValidatorError } from "./validate/support.js";
export { Collector, hasDuplicateItems, MAX_ERRORS, toValidator, type IssueParams, type ValidatorIssueRow } from "./validate/trail.js";
export { MAX_UNDECLARED, UndeclaredMembers } from "./validate/undeclared.js";
export * from "./retry/index.js";
export { PROBLEM_CONTENT_TYPE, toProblemDetails } from "./problem.js";
export { FAILURE_ENVELOPE_SCHEMA, FAILURE_ENVELOPE_VERSION, failureEnvelope } from "./envelope.js";
export * from "./mcp/index.js";
export * from "./definitions/index.js";
export {
  firstSchemaError,
  matches,
  runFixtures,
  runFixturesAsync,
  type AnyFixtureAdapter,
  type Fixture,
  type FixtureAdapter, type FixtureExpectation, type FixtureGot, type FixtureRun } from "./fixtures/run.js";
export * from "./bindings/index.js";
