export { main } from "./main.js";
export { EXIT, runGen, type GenOptions, type Io } from "./gen.js";
