#!/usr/bin/env node
const argv = process.argv.slice(2);

/** `gen` with nothing to do answers from its cache without loading the compiler; undefined otherwise. */
async function unchangedGen() {
  if (argv[0] !== "gen") return undefined;
  const io = { stdout: (text) => process.stdout.write(`${text}\n`), stderr: (text) => process.stderr.write(`${text}\n`) };
  const { fastGen } = await import("../dist/gen-fast.js");
  return fastGen(argv.slice(1), io).catch(() => undefined);
}

const fast = await unchangedGen();
process.exitCode = fast ?? (await (await import("../dist/main.js")).main(argv));
