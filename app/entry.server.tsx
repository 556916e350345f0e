import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { isD1Failure } from "@worker/db/d1-failure";
import { setPageSecurityHeaders } from "@worker/security-headers";
import CLIENT_STYLESHEETS from "virtual:client-stylesheets";
import { InlineStylesProvider } from "~/components/document-links";
import { NonceProvider } from "~/lib/nonce";
import { documentScripts } from "~/lib/document-scripts.server";

// Deferred loader data must settle within this many milliseconds (no route of ours defers any).
export const streamTimeout = 5000;

// Requests (by load context) whose loader or action failed because D1 did: they answer 503, not 500 (ADR 0020).
const d1Failed = new WeakSet<AppLoadContext>();

/** Remix's default logging, and a note of D1 failures: the errors reaching the render are already sanitized. */
export const handleError: HandleErrorFunction = (error, { context, request }) => {
  if (isD1Failure(error)) d1Failed.add(context);
  // A 4xx (a path no route of this tenant's tree matches, a post to a page without a form, a guard's
  // 403, a bad query) is the visitor's answer, not a fault to log (ADR 0024, 0025).
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  if (!request.signal.aborted) console.error(wrapped ?? error);
};

const statusFor = (context: AppLoadContext, status: number) => (status === 500 && d1Failed.has(context) ? 503 : status);

/** Client navigations (single fetch `.data` requests) get the same 503. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) =>
  statusFor(context, response.status) === response.status
    ? response
    : new Response(response.body, { status: 503, headers: response.headers });

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
      <InlineStylesProvider value={CLIENT_STYLESHEETS}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </InlineStylesProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  setPageSecurityHeaders(responseHeaders, nonce);
  return new Response(`<!DOCTYPE html>${documentScripts(html, nonce, loadContext.viewer !== null)}`, {
    headers: responseHeaders,
    status: statusFor(loadContext, responseStatusCode),
  });
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
