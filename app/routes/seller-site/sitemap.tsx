import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadAllPackages, loadSellerSite } from "~/lib/seller-site.server";

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Per-site sitemap: canonical URLs (the custom domain when one is active). */
export async function loader({ context }: LoaderFunctionArgs) {
  const [site, packages] = await Promise.all([loadSellerSite(context), loadAllPackages(context)]);
  const paths = ["/", "/package/all", "/about", "/contact", ...packages.map((p) => `/package/${encodeURIComponent(p.id)}`)];
  const urls = paths.map((p) => `<url><loc>${xmlEscape(p === "/" ? site.canonicalBase || "/" : `${site.canonicalBase}${p}`)}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
