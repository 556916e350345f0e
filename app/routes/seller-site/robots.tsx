import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireSellerTenant } from "~/lib/seller-site.server";

export async function loader({ context }: LoaderFunctionArgs) {
  requireSellerTenant(context);
  return new Response("Not found", { status: 404 });
}
