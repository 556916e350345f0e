import http from "node:http";
import type { TestWorker } from "./worker";

export type FuzzAnswer = { status: number; contentType: string; text: string };
type Init = { method: string; host: string; headers: Record<string, string>; body?: string | Uint8Array };

/** Socket errors of the local transport to workerd, not answers of the Worker. */
const TRANSPORT_ERRORS = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/**
 * Sends a request to the Worker and returns its answer. workerd may answer before it reads a body
 * (a 401, 403 or 405 needs only the headers) and close the socket while the body is still being
 * written; undici then loses the answer it already has. Cloudflare's edge buffers bodies, so no
 * client sees that: here the same request goes again over a plain socket that keeps the answer.
 */
export async function sendToWorker(w: TestWorker, path: string, init: Init, onRetry: () => void): Promise<FuzzAnswer> {
  try {
    const res = await w.request(path, {
      method: init.method,
      host: init.host,
      headers: init.headers,
      body: init.body as BodyInit | undefined,
    });
    return { status: res.status, contentType: res.headers.get("content-type") ?? "", text: await res.text() };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? "";
    if (!TRANSPORT_ERRORS.has(code)) throw error;
    onRetry();
    return sendOverSocket(w, path, init);
  }
}

/** The request as Miniflare's dispatchFetch sends it (the URL the Worker sees travels in MF-Original-URL). */
function sendOverSocket(w: TestWorker, path: string, init: Init): Promise<FuzzAnswer> {
  const runtime = new URL(w.url);
  const url = new URL(path, `http://${init.host}`);
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? Buffer.from(init.body) : init.body;
  const headers = {
    ...init.headers,
    ...(body ? { "content-length": String(body.byteLength) } : {}),
    "MF-Original-URL": url.href,
    "MF-Disable-Pretty-Error": "true",
  };
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { agent: false, host: runtime.hostname, port: runtime.port, method: init.method, path: url.pathname + url.search, headers },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString(),
          });
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", done);
        res.on("error", done);
      },
    );
    // Once the answer is in, a reset while the rest of the body goes out changes nothing.
    req.on("error", (error) => answered || reject(error));
    req.end(body);
  });
}
