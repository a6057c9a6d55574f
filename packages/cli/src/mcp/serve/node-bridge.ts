/**
 * node:http ↔ web-standard Request/Response, so the SDK's fetch-shaped handler can serve on a
 * plain Node server. The body is passed as a stream: the SDK's own size bound applies while it
 * reads, and nothing buffers a whole untrusted body first.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** The web Request for a Node request; aborted when the client goes away. */
// Only the path of the URL is used; the Host header (untrusted) is checked separately, as a header.
const ORIGIN = "http://localhost";

export function toWebRequest(request: IncomingMessage, response: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const abort = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) abort.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(request.url ?? "/", ORIGIN), {
    method: request.method ?? "GET",
    headers,
    signal: abort.signal,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes a web Response to Node, streaming its body (an SSE stream stays open until it ends). */
export async function writeWebResponse(response: Response, into: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => void (headers[name] = value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  into.writeHead(response.status, headers);
  into.flushHeaders();
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (into.destroyed) break;
      into.write(chunk);
    }
  }
  into.end();
}
