import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Whether the openssl CLI is installed; Node alone cannot issue an X.509 certificate. */
export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** An HTTPS server on 127.0.0.1 with a fresh self-signed certificate no client trusts. */
export async function startSelfSignedServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "toolgate-tls-"));
  try {
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    const args = [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ];
    execFileSync("openssl", args, { stdio: "ignore" });
    const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_q, r) => void r.end("{}"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      origin: `127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
