import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * The node:http ⇄ Fetch adapter in front of the shared app handler (src/core/app-server): the web host
 * turns its GET/HEAD requests into a `Request`, and writes the handler's `Response` back, streaming the
 * body (a closed connection stops the file read).
 */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // `origin + path`, not `new URL(path, origin)`: a request target like `//evil/x` must stay a path.
  // The web host passes only GET and HEAD here, so there is never a request body to forward.
  return new Request(`${origin}${req.url?.startsWith('/') ? req.url : '/'}`, {
    method: req.method === 'HEAD' ? 'HEAD' : 'GET',
    headers,
  });
}

export async function sendFetchResponse(
  response: Response,
  res: ServerResponse,
  method: string | undefined,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  await pipeline(body, res).catch(() => {
    // The browser went away mid-stream (a seek, a closed tab): nothing to answer any more.
    body.destroy();
  });
}
