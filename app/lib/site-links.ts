import { type SellerSite, siteHref, useSellerSite } from "./seller-site";

/** The seller site this page renders in, or null on the main site. */
export function useMaybeSellerSite(): SellerSite | null {
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: called on every render; useSellerSite calls useContext before it can throw
    return useSellerSite();
  } catch {
    return null;
  }
}

/** Links for pages shared by the main site and seller sites: inside a seller site they go through siteHref. */
export function useSiteLinks() {
  const site = useMaybeSellerSite();
  return {
    site,
    href: (path: string) => (site ? siteHref(site, path) : path),
  };
}
