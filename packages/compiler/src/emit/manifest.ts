import { contractShapes } from "../compat/check.js";
import { wholeFile } from "../codegen/file.js";
import { emitted, type Emitter } from "./emitter.js";

export const MANIFEST_PATH = "toolgate.manifest.json";

/** Spec hashes, contract versions and contract shapes: what breaking-change detection compares against. */
export const manifestEmitter: Emitter = {
  name: "manifest",
  scope: "project",
  emit(project) {
    const manifest = {
      generated_by: "toolgate",
      format: 1,
      tools: project.tools.map((t) => ({ tool: t.tool, version: t.version, spec: t.specPath, spec_hash: t.specHash, contract: contractShapes(t) })),
    };
    return emitted([wholeFile(MANIFEST_PATH, undefined, `${JSON.stringify(manifest, null, 2)}\n`)]);
  },
};
