import { payloadText } from "./lib/payload.mjs";
import { BENCH_TOOL } from "./lib/paths.mjs";
const text = payloadText(process.argv[2] ?? "dense", { tool: BENCH_TOOL, requestId: "r" });
const Q = 0x22;
function hop(text) { let count = 0; for (let at = text.indexOf(":"); at >= 0; at = text.indexOf(":", at + 1)) { const b = text.charCodeAt(at - 1); if (b === Q) count++; else if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) return -1; } return count; }
function loop(text) { let count = 0, prev = 0; for (let i = 0; i < text.length; i++) { const c = text.charCodeAt(i); if (c === 0x3a) { if (prev === Q) count++; else if (prev === 0x20 || prev === 0x0a || prev === 0x0d || prev === 0x09) return -1; } prev = c; } return count; }
function pairs(text) { const all = text.split(":").length - 1; const q = text.split('":').length - 1; return all === q ? q : hop(text); }
function repl(text) { const all = text.length - text.replaceAll(":", "").length; const q = (text.length - text.replaceAll('":', "").length) / 2; return all === q ? q : hop(text); }
const RE = /":/g;
function re(text) { let q = 0; RE.lastIndex = 0; while (RE.test(text)) q++; return q; }
function parse(text) { return JSON.parse(text); }
const fns = { parse, hop, loop, pairs, repl, re };
for (const f of Object.values(fns)) if (f !== parse && f(text) !== hop(text)) throw new Error(f.name + " " + f(text) + " vs " + hop(text));
let sink = 0;
for (let round = 0; round < 3; round++) for (const [n, f] of Object.entries(fns)) { const N = 300; for (let i = 0; i < 50; i++) sink += typeof f(text); const t = performance.now(); for (let i = 0; i < N; i++) sink += typeof f(text); if (round === 2) console.log(n.padEnd(6), ((performance.now() - t) / N * 1000).toFixed(1), "µs"); }
console.log(text.length, hop(text));
