import { manifestText } from "../compat/contract.js";
import { wholeFile } from "../codegen/file.js";
import { emitted, type Emitter } from "./emitter.js";

export const MANIFEST_PATH = "toolgate.manifest.json";

/** Spec hashes, contract versions and full contracts: what the breaking-change gate compares against. */
export const manifestEmitter: Emitter = {
  name: "manifest",
  scope: "project",
  emit: (project) => emitted([wholeFile(MANIFEST_PATH, undefined, manifestText(project.tools))]),
};
