import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { setPageSecurityHeaders } from "@worker/security-headers";
import { NonceProvider } from "~/lib/nonce";

// Deferred loader data must settle within this many milliseconds (no route of ours defers any).
export const streamTimeout = 5000;

/**
 * Renders every document to one string (ADR 0016).
 *
 * No route defers data, so a streamed response would not reach the browser any sooner: React 18
 * renders the whole shell before its first byte anyway. What streaming does cost on Workers is CPU:
 * React's streaming renderer encodes every piece of markup with a TextEncoder, copies it into
 * 512-byte chunks and enqueues each into a JS ReadableStream that workerd then pumps. The string
 * renderer concatenates strings, and workerd sends a string body natively.
 *
 * Remix's single fetch hands the loader data over as a stream that `<RemixServer>` renders through
 * Suspense, chunk by chunk. We read that stream to the end first and give Remix the result as its
 * first, final chunk, so the render never suspends and the browser receives the same script.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await settleHandoff(remixContext);
  const { nonce } = loadContext;
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  setPageSecurityHeaders(responseHeaders, nonce);
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

async function settleHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const value = await readText(stream);
  const chunk = Object.assign(Promise.resolve(), { result: { done: true, value } });
  context.renderMeta.streamCache = { 0: chunk };
  // <RemixServer> takes a reader from this stream; the one above is spent, so it gets an empty one.
  context.serverHandoffStream = new ReadableStream({ start: (c) => c.close() });
}

/** The hand-off stream as text: a plain reader loop, no native Response in between. */
async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}
