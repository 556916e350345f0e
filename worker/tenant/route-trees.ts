import type { ServerBuild } from "@remix-run/cloudflare";
import { inSellerTree } from "../shared/seller-pages";
import type { Tenant } from "./resolve";

/**
 * The route tree each tenant is served from (ADR 0024), as the server build narrowed to it.
 * - platform: everything but the custom-domain tree, so `/about` is the main site's page;
 * - a seller site by path: root and the `seller-path` tree (ADR 0008: Remix flattens, ranks and
 *   matches every route of a build about six times per document request, and a seller page
 *   needs a fifth of them);
 * - a custom domain: root and the `seller-domain` tree, the seller's pages at the root.
 * A tree answers its own lazy route discovery (`/__manifest`) and single-fetch requests, so the
 * browser only ever learns the routes of the site it is on.
 */
export function routeTrees(build: ServerBuild) {
  const narrow = (wanted: (id: string) => boolean): ServerBuild => {
    const keep = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => wanted(id)));
    return { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } };
  };
  return {
    platform: narrow((id) => !inSellerTree(id, "domain")),
    path: narrow((id) => id === "root" || inSellerTree(id, "path")),
    domain: narrow((id) => id === "root" || inSellerTree(id, "domain")),
  };
}

/** Which tree serves a page request of this tenant (an unknown host is answered before Remix). */
export const treeOf = (tenant: Tenant): keyof ReturnType<typeof routeTrees> => (tenant.kind === "seller" ? tenant.mode : "platform");
