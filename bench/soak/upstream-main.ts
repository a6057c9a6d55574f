/** The faulty upstream as a process: prints its port, serves until killed. Argument: the slow-body delay in ms. */
import { startFaultyUpstream } from "./upstream.js";

const { port } = await startFaultyUpstream(Number(process.argv[2] ?? 2_000));
process.stdout.write(`${port}\n`);
