// Preloaded into the `typia generate` process: `require("typescript")` resolves to the workspace's
// TypeScript 5.9 (the `typescript-5.9` alias) instead of the root TypeScript 6, without patching either.
const Module = require("node:module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const redirected = request === "typescript" || request.startsWith("typescript/") ? `typescript-5.9${request.slice(10)}` : request;
  return resolve.call(this, redirected, ...rest);
};
