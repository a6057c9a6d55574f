// `node --import <this file>`: appends the URL of every ES module the process loads to the file named
// by TOOLGATE_TRACE_MODULES, so a test can see what a child process of the CLI loaded.
import { register } from "node:module";

register(new URL("./module-trace-hooks.mjs", import.meta.url));
