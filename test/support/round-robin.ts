import http from "node:http";
import type { AddressInfo } from "node:net";

/** A trivial HTTP round-robin on 127.0.0.1: request n goes to backend n mod N, no stickiness of any kind. */
export interface RoundRobin {
  /** The proxy's URL for `path`. */
  url(path: string): string;
  /** How many requests each backend got, in backend order. */
  readonly forwarded: readonly number[];
  close(): Promise<void>;
}

export async function startRoundRobin(backends: readonly string[]): Promise<RoundRobin> {
  const forwarded = backends.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % backends.length;
    forwarded[index]! += 1;
    const target = new URL(request.url ?? "/", backends[index]);
    const upstream = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.once("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => new URL(path, origin).href,
    forwarded,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
