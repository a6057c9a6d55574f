// Runs a bench script in a fresh node process and returns the JSON line it prints last.
import { spawn } from "node:child_process";
import { repoRoot } from "./paths.mjs";

export function runNode(script, args, nodeFlags = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, script, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const last = stdout.trim().split("\n").at(-1);
      if (code === 0 && last) return resolve(JSON.parse(last));
      reject(new Error(`${script} exited with ${code}:\n${stderr.slice(-2000)}`));
    });
  });
}
