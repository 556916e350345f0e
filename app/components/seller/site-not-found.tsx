import type { MetaDescriptor } from "@remix-run/cloudflare";

export const siteNotFoundMeta: MetaDescriptor[] = [{ title: "Website not found" }, { name: "robots", content: "noindex" }];

/** An unknown seller, or a config that failed to load (spec §2, §8). */
export function SiteNotFound() {
  return (
    <main className="container page" id="main">
      <div className="card stack" role="alert">
        <h1>Website not found</h1>
        <p className="muted">There is no seller website at this address.</p>
      </div>
    </main>
  );
}
