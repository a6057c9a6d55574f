export { nearMisses } from "./near-misses.js";
export { synthesize, synthesizeBase, SYNTHESIZED_NOW } from "./synthesize.js";
export type { FixtureBase, NearMiss, Synthesis } from "./types.js";
