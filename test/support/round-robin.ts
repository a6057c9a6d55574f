import { REQUEST_ID_META_KEY } from "@toolgate/runtime";
import http from "node:http";
import { expect } from "vitest";
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

/** What a behind-the-proxy instance tells the operator; every line about a call carries its request id. */
export interface Instance {
  readonly operator: readonly { readonly [key: string]: unknown }[];
}

/**
 * The instances whose operator channel names the request id: exactly one for a call that one
 * instance served. Waits a little, since stderr lines can arrive after the HTTP answer.
 */
async function servedBy(instances: readonly Instance[], requestId: string): Promise<number[]> {
  const owners = () => instances.flatMap((instance, index) => (instance.operator.some((line) => line.request_id === requestId) ? [index] : []));
  for (let wait = 0; wait < 200 && owners().length === 0; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
  return owners();
}

/**
 * Asserts the stateless property on `results` (tool results with the request id in `_meta`): each
 * was served by exactly one of two instances, both served some, and the proxy alternated strictly
 * since `before` (the instances' shares differ by at most one request).
 */
export async function expectBothServed(instances: readonly Instance[], results: readonly Record<string, unknown>[], proxy: RoundRobin, before: readonly number[]): Promise<void> {
  const owners: number[] = [];
  for (const result of results) {
    const owner = await servedBy(instances, String((result._meta as Record<string, unknown>)[REQUEST_ID_META_KEY]));
    expect(owner).toHaveLength(1);
    owners.push(owner[0]!);
  }
  expect(new Set(owners)).toStrictEqual(new Set([0, 1]));
  const shares = proxy.forwarded.map((count, index) => count - before[index]!);
  expect(Math.abs(shares[0]! - shares[1]!)).toBeLessThanOrEqual(1);
}
