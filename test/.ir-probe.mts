import { compileDir } from "/work/main/test/support/project.ts";
const out = await compileDir("/work/main/specs", "../specs/hooks.js");
for (const t of out.tools) console.log(t.tool, JSON.stringify({input: t.input, agentView: t.agentView, defs: t.defs, retry: t.retry, upstream: t.upstream, title: t.title}, null, 0));
console.log(out.diagnostics);
console.log(out.tools[0].locate("/output/properties/build"), out.tools[0].locate("/$defs/projectId/pattern"));
