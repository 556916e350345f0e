/** What a client is told when D1 fails: the request may be repeated (ADR 0020). */
export const SERVICE_BUSY = "The service is busy. Please try again.";

// D1's own errors start with D1_ (D1_ERROR, D1_EXEC_ERROR, ...); the rest are the platform's transient ones.
const D1_MESSAGE = /^D1_|D1 DB is overloaded|Network connection lost|storage caused object to be reset|reset because its code was updated/;

/** Whether an error came from D1, also when drizzle wrapped it (`DrizzleQueryError` keeps it as `cause`). */
export function isD1Failure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (D1_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * For page requests that fail outside Remix (tenant resolution reads D1 first): a D1 failure is a
 * small 503 page; any other error is thrown on, unchanged.
 */
export function busyPageOnD1Failure(error: unknown): Response {
  if (!isD1Failure(error)) throw error;
  console.error("D1 failure", error);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Please try again</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f8fafc}@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#0f172a}}main{text-align:center;padding:2rem}</style></head><body><main><h1>${SERVICE_BUSY}</h1></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": "1" },
  });
}
