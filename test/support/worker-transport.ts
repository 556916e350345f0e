import http from "node:http";

/** The request went out on a kept-alive socket the other side had already closed: nothing was received. */
class StaleSocket extends Error {
  constructor(cause: Error) {
    super(`kept-alive socket closed by workerd: ${cause.message}`, { cause });
  }
}

/** The address Miniflare's entry gives a request from this machine that names none. */
const CLIENT_IP = "127.0.0.1";

/**
 * Sends a request to a Miniflare runtime the way `Miniflare#dispatchFetch` does (the address the Worker sees travels
 * in `MF-Original-URL`), over Node's own HTTP client with kept-alive sockets. dispatchFetch costs about 3 ms of the
 * test process's CPU per request (a WHATWG Request, undici's fetch and its dispatcher); this about 0.5 ms, and the
 * suites send tens of thousands. Redirects are never followed (the tests read them), as with `redirect: "manual"`.
 *
 * `direct` may name, for a request, a socket of one Worker itself (Miniflare's `unsafeDirectSockets`) to send it to
 * instead of the runtime's entry: the address then travels as the Host header and the path, as at any HTTP server,
 * and the client's address as `CF-Connecting-IP` when the request has none, as Miniflare's entry sets it (ADR 0059).
 */
export function workerTransport(runtimeUrl: string, direct: (target: URL) => URL | null = () => null) {
  const runtime = new URL(runtimeUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  async function bytesOf(body: BodyInit | null | undefined, headers: Headers): Promise<Buffer | undefined> {
    if (body === undefined || body === null) return undefined;
    if (typeof body === "string") return Buffer.from(body);
    if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (body instanceof ArrayBuffer) return Buffer.from(body);
    // FormData, URLSearchParams, Blob, a stream: encoded as fetch would, with the content type it implies.
    const encoded = new Response(body);
    const type = encoded.headers.get("content-type");
    if (type && !headers.has("content-type")) headers.set("content-type", type);
    return Buffer.from(await encoded.arrayBuffer());
  }

  /**
   * A kept-alive socket that workerd closed as idle just as a request went out on it ends in ECONNRESET ("socket
   * hang up") before any answer: the request never reached the Worker, so it is sent once more on a fresh socket
   * (Node's documented remedy, `request.reusedSocket`). Any other error, or one after an answer began, is the test's.
   */
  async function send(url: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await sendOnce(url, init);
    } catch (error) {
      if (!(error instanceof StaleSocket)) throw error;
      return sendOnce(url, init);
    }
  }

  async function sendOnce(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    const body = await bytesOf(init.body, headers);
    if (body) headers.set("content-length", String(body.byteLength));
    const socket = direct(target);
    if (socket) {
      headers.set("host", target.host);
      if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", CLIENT_IP);
    } else {
      headers.set("MF-Original-URL", target.href);
      headers.set("MF-Disable-Pretty-Error", "true");
    }
    const server = socket ?? runtime;
    const outgoing: Record<string, string> = {};
    headers.forEach((value, name) => {
      outgoing[name] = value;
    });
    return new Promise<Response>((resolve, reject) => {
      let answered = false;
      const req = http.request(
        {
          agent,
          host: server.hostname,
          port: server.port,
          method,
          path: target.pathname + target.search,
          headers: outgoing,
          signal: init.signal ?? undefined,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          const done = () => {
            const status = res.statusCode ?? 0;
            const answer = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
            const empty = method === "HEAD" || status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: answer }));
          };
          res.on("end", done);
          res.on("error", done);
        },
      );
      // workerd may answer (a 401, 405 or 413 needs only the headers) and close while the body still goes out:
      // once the answer is in, that reset changes nothing.
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (answered) return;
        reject(req.reusedSocket && error.code === "ECONNRESET" && !init.signal?.aborted ? new StaleSocket(error) : error);
      });
      req.end(body);
    });
  }

  return { send, close: () => agent.destroy() };
}
