#!/usr/bin/env node
(await import("./build-stamp.js")).exitIfStale();
const argv = process.argv.slice(2);

/**
 * The CLI's own build, or a clear exit 3 when it is not there: a checkout updated without
 * `npm run build` (or `npm ci`, which builds) would otherwise end in a module-resolution stack trace.
 */
async function load(module) {
  try {
    return await import(new URL(`../dist/${module}`, import.meta.url).href);
  } catch (e) {
    if (e?.code !== "ERR_MODULE_NOT_FOUND" || !String(e.url ?? e.message).includes("/dist/")) throw e;
    process.stderr.write(`toolgate: the CLI is not built or its build is out of date (${module} is missing); run \`npm run build\`\n`);
    process.exit(3);
  }
}

/** `gen` with nothing to do answers from its cache without loading the compiler; undefined otherwise. */
async function unchangedGen() {
  if (argv[0] !== "gen") return undefined;
  const io = { stdout: (text) => process.stdout.write(`${text}\n`), stderr: (text) => process.stderr.write(`${text}\n`) };
  const { fastGen } = await load("gen-fast.js");
  return fastGen(argv.slice(1), io).catch(() => undefined);
}

const fast = await unchangedGen();
process.exitCode = fast ?? (await (await load("main.js")).main(argv));
