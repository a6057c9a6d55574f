#!/usr/bin/env node
// Bundles the runtime's main entry point into one ESM file. Generated adapters import it on every
// cold start; one module instead of ~40 keeps loading a tool's adapter within milliseconds (bench/).
import { build } from "esbuild";

await build({
  entryPoints: ["packages/runtime/dist/index.js"],
  outfile: "packages/runtime/dist/toolgate-runtime.js",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // No path comments: the bundle must not depend on where the checkout lives.
  legalComments: "none",
  logLevel: "warning",
});
