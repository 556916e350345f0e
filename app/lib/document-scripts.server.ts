/**
 * When a document's scripts load (ADR 0034).
 *
 * For a signed-out visitor, after the first paint. Those pages (the marketplace's, seller sites', what the edge
 * caches) are complete HTML whose links, forms and Book Now work before hydration, so on a slow link nothing the
 * scripts do is worth holding back the first paint's styles, fonts and images for. Remix's `<Scripts>` renders
 * module preloads and one inline module script whose static imports fetch every chunk of the page at once; both are
 * made inert here, in the rendered string, and a small script of ours wakes them once the browser reports its first
 * contentful paint.
 *
 * Hydration is unaffected: React 18 in production does not compare attributes (the module script keeps its
 * `dangerouslySetInnerHTML`, the links their elements), nodes appended to the end of `<body>` are allowed, and
 * `<Scripts>` renders nothing once hydrated. Only Remix's own tags can match the replaced strings: React escapes
 * `<` in text and attributes, and Remix escapes it in the data it inlines in scripts.
 */
const INERT_PRELOAD = "tb-modulepreload";
const INERT_MODULE = "tb-module";

/**
 * Wakes the inert preloads and module script once the first contentful paint has been presented (a paint entry
 * is reported after the frame is shown, which is later than the main thread's paint). A hidden page, a browser
 * without paint timing, or a paint that never comes (4 s) starts them at once, after one frame, or then.
 */
const WAKE_SCRIPT = `(function(){var d=document,started=false;
function start(){if(started)return;started=true;
[].forEach.call(d.querySelectorAll('link[rel="${INERT_PRELOAD}"]'),function(l){l.rel="modulepreload"});
var o=d.querySelector('script[type="${INERT_MODULE}"]');if(!o)return;
var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.body.appendChild(s)}
var P=window.PerformanceObserver;
if(d.visibilityState!=="visible")start();
else if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")===-1)requestAnimationFrame(function(){setTimeout(start,0)});
else{new P(function(list,obs){if(list.getEntriesByName("first-contentful-paint").length){obs.disconnect();setTimeout(start,0)}}).observe({type:"paint",buffered:true});setTimeout(start,4000)}})()`;

/** Works on the document's tail only (Remix's scripts come last), so the inline styles are not scanned again. */
function scriptsAfterFirstPaint(html: string, nonce: string): string {
  const from = html.indexOf('<link rel="modulepreload" ');
  if (from < 0) return html;
  let tail = html.slice(from).replaceAll('<link rel="modulepreload" ', `<link rel="${INERT_PRELOAD}" `);
  const module = tail.indexOf(' type="module" async="">');
  if (module >= 0)
    tail = `${tail.slice(0, module)} type="${INERT_MODULE}" async="">${tail.slice(module + ' type="module" async="">'.length)}`;
  const end = tail.lastIndexOf("</body>");
  if (end >= 0) tail = `${tail.slice(0, end)}<script nonce="${nonce}">${WAKE_SCRIPT}</script>${tail.slice(end)}`;
  return html.slice(0, from) + tail;
}

/**
 * For a signed-in visitor, at once but at low priority (ADR 0019): dashboards are mostly buttons that need their
 * scripts, and they are never cached. `<Scripts>` takes no attributes for its preloads, so they are added here.
 */
const lowPriorityModulePreloads = (html: string) =>
  html.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');

export function documentScripts(html: string, nonce: string, signedIn: boolean): string {
  return signedIn ? lowPriorityModulePreloads(html) : scriptsAfterFirstPaint(html, nonce);
}
