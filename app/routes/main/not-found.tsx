import type { MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any address the main site has no page for: a 404 in the site's frame (the boundary below), not the router's error. */
export async function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found | Tripbazaar" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
