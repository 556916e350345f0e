import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "virtual:remix-server-build";
import { apiApp } from "./api/app";
import type { Env } from "./env";
import { createLoadContext } from "./load-context";
import { isCleanSellerPath } from "./tenant";
import { siteNotFoundPage } from "./site-not-found";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      return apiApp.fetch(request, env, ctx);
    }
    const context = await createLoadContext(request, env, ctx);
    const { tenant } = context;
    // An unknown host, or a main-site path on a seller's own domain, is not ours to serve.
    if (tenant.kind === "unknown-host" || (tenant.kind === "seller" && tenant.mode === "domain" && !isCleanSellerPath(url.pathname))) {
      return siteNotFoundPage();
    }
    return handleRemix(request, context);
  },
} satisfies ExportedHandler<Env>;
