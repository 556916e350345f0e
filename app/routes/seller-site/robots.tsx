import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadSellerSite } from "~/lib/seller-site.server";

/** Per-site robots.txt: account pages stay out of the index; points at this site's sitemap. */
export async function loader({ context }: LoaderFunctionArgs) {
  const site = await loadSellerSite(context);
  const base = site.basePath;
  const body = [
    "User-agent: *",
    `Disallow: ${base}/dashboard`,
    `Disallow: ${base}/settings`,
    `Disallow: ${base}/searchpackages/`,
    "Allow: /",
    `Sitemap: ${site.canonicalBase}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
