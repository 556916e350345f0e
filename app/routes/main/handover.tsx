import type { MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { completeHandover } from "~/lib/handover";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Signing in | Tripbazaar" }, { name: "robots", content: "noindex" }];
// The address carries a token: never sent on as a referrer, never cached.
export const headers = () => signedInHeaders;

/** Where a sign-in hand-over (spec §4) lands: the browser completes it and goes back. */
export default function Page() {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    void completeHandover(params.get("token") ?? "", params.get("user") ?? "", params.get("redirect") ?? "/");
  }, []);
  return (
    <main id="main" className="container page">
      <p className="muted" role="status">
        Loading...
      </p>
    </main>
  );
}
