/** A tiny static page for hosts that are not ours; no React needed. */
export function siteNotFoundPage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Website not found</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f8fafc}@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#0f172a}}main{text-align:center;padding:2rem}</style></head><body><main><h1>Website not found</h1><p>There is no website at this address.</p></main></body></html>`;
  return new Response(html, { status: 404, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
