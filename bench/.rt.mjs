const t0 = performance.now();
await import(process.argv[2]);
const t1 = performance.now();
process.stdout.write(`${(t1 - t0).toFixed(2)} `);
