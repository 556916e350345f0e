/** A tiny static page in a neutral look, for answers given before any site is chosen; no React needed. */
export function plainPage(status: number, title: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f8fafc}@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#0f172a}}main{text-align:center;padding:2rem}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** For hosts that are not ours. */
export const siteNotFoundPage = () => plainPage(404, "Website not found", "There is no website at this address.");
