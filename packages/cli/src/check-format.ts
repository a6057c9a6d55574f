import { githubAnnotation, type ErrorFormat } from "@toolgate/compiler";
import type { CheckReport, SchemaErrorLine } from "./check-report.js";

/** A schema error as one line: where, which keyword, the expected value or limit; never the response's value. */
export function schemaErrorText(e: SchemaErrorLine): string {
  const params = e.params ?? {};
  const facts = [
    params.limit === undefined ? "" : `limit ${params.limit}`,
    params.type === undefined ? "" : `expected type ${params.type}`,
    params.missingProperty === undefined ? "" : `missing ${JSON.stringify(params.missingProperty)}`,
    params.additionalProperty === undefined ? "" : `undeclared ${JSON.stringify(params.additionalProperty)}`,
    params.unevaluatedProperty === undefined ? "" : `undeclared ${JSON.stringify(params.unevaluatedProperty)}`,
    e.expected === undefined ? "" : `expected ${JSON.stringify(e.expected)}`,
  ].filter(Boolean);
  return `${e.instancePath || "/"}: ${e.keyword}${facts.length > 0 ? ` (${facts.join(", ")})` : ""} at ${e.schemaPath} (${e.at})`;
}

function text(report: CheckReport, label: string): string {
  const lines = [`toolgate check ${report.tool} ${label}`];
  for (const l of report.layers) {
    lines.push(`  ${l.layer.padEnd(10)} ${l.verdict}${l.detail ? `: ${l.detail}` : ""}`);
    if (l.layer !== "schema") continue;
    for (const e of report.schemaErrors) lines.push(`    ${schemaErrorText(e)}`);
    if (report.schemaErrorsTruncated > 0) lines.push(`    … and ${report.schemaErrorsTruncated} more`);
  }
  lines.push(`the agent would see (${report.outcome}):`, JSON.stringify(report.agentResult, null, 2));
  return lines.join("\n");
}

function github(report: CheckReport, label: string): string {
  const failed = report.layers.find((l) => l.verdict === "failed");
  const annotations = report.schemaErrors.map((e) => githubAnnotation({ severity: "error", file: label, title: "schema", message: schemaErrorText(e) }));
  if (failed && failed.layer !== "schema") annotations.push(githubAnnotation({ severity: "error", file: label, title: failed.layer, message: failed.detail }));
  return [text(report, label), ...annotations].join("\n");
}

/** The report in the chosen format: text for people, one JSON object for tools, text plus annotations for GitHub. */
export function formatCheck(report: CheckReport, label: string, format: ErrorFormat): string {
  if (format === "json") return JSON.stringify({ response: label, ...report }, null, 2);
  return format === "github" ? github(report, label) : text(report, label);
}
