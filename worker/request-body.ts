/**
 * A request body that is always read to its end (issue 23). Many answers need only the headers: a page without an
 * action (405), a cross-site form (403), a missing session (401), an unknown host. Answering while the client was
 * still sending broke `wrangler dev`'s proxy (what `npm start` and `npm run dev` serve through): the post got a
 * 503, the next request stalled, and a burst of them killed the server. So the handlers get a stream passed
 * through from the body, and whatever they did not read is read and dropped before the answer leaves, as
 * Cloudflare's edge does in front of a deployed Worker.
 */
export function drainableBody(request: Request): { request: Request; drain: () => Promise<void> } {
  if (!request.body) return { request, drain: async () => {} };
  const reader = request.body.getReader();
  // One read at a time: the handlers' stream and the drain share this one.
  let inFlight: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const read = () =>
    (inFlight ??= reader.read().finally(() => {
      inFlight = null;
    }));
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    // Pulled only when a handler reads: nothing is buffered ahead.
    { highWaterMark: 0 },
  );
  // The caller's signal goes with it: a request the caller abandons stops the work it started (issue 27).
  const passed = new Request(request, { body, duplex: "half", signal: request.signal } as RequestInit);
  async function drain() {
    try {
      for (;;) if ((await read()).done) return;
    } catch {
      // The client went away: nothing left to read.
    }
  }
  return { request: passed, drain };
}
