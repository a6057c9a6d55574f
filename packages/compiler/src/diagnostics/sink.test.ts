import { describe, expect, it } from "vitest";
import { diagnostic } from "./diagnostic.js";
import { DiagnosticCollector, reportingOnce } from "./sink.js";

const at = { file: "specs/a.yaml", line: 1, column: 1 };
const warning = diagnostic("TG223", at);
const error = diagnostic("TG217", at);

describe("the diagnostic sink", () => {
  it("keeps every report of its scopes, in order", () => {
    const root = new DiagnosticCollector();
    const a = root.scope();
    const b = a.scope();
    b.report(warning);
    root.report(error);
    a.report(warning);
    expect(root.diagnostics).toEqual([warning, error, warning]);
  });

  it("answers hasErrors() for what went through a scope, not its siblings or parent", () => {
    const root = new DiagnosticCollector();
    const first = root.scope();
    const second = root.scope();
    first.report(error);
    second.report(warning);
    const inner = second.scope();
    expect([root.hasErrors(), first.hasErrors(), second.hasErrors(), inner.hasErrors()]).toEqual([true, true, false, false]);
    inner.report(error);
    expect([second.hasErrors(), inner.hasErrors()]).toEqual([true, true]);
  });

  it("reports a repeated finding once through reportingOnce, and a different one each time", () => {
    const root = new DiagnosticCollector();
    const once = reportingOnce(root);
    const elsewhere = diagnostic("TG223", { ...at, line: 2 });
    [warning, elsewhere, warning, error, error].forEach((d) => once.report(d));
    expect(root.diagnostics).toEqual([warning, elsewhere, error]);
    expect(once.hasErrors()).toBe(true);
  });
});
