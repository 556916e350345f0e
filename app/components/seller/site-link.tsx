import { useNavigate } from "@remix-run/react";
import { createContext, useContext } from "react";

type Navigate = ReturnType<typeof useNavigate>;
const SiteNavigateContext = createContext<Navigate | null>(null);

/**
 * Seller pages link with SiteLink instead of Remix's Link (ADR 0012). Every href on a seller site
 * is already absolute (siteHref), so nothing needs resolving per link, and one navigate function
 * from the frame serves them all. Remix's Link resolved each `to` against the route matches on
 * every server render, which was a tenth of an uncached landing page's CPU time.
 */
export function SiteNavigateProvider({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return <SiteNavigateContext.Provider value={navigate}>{children}</SiteNavigateContext.Provider>;
}

/** A click the browser should handle itself: another button, a modifier key (new tab, download) or another target. */
export function isBrowserClick(e: React.MouseEvent<HTMLAnchorElement>): boolean {
  const target = e.currentTarget.getAttribute("target");
  return e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (target !== null && target !== "_self");
}

type SiteLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** A real anchor (works without JavaScript, new tabs, screen readers) that navigates client-side once hydrated. */
export function SiteLink({ to, onClick, ...props }: SiteLinkProps) {
  const navigate = useContext(SiteNavigateContext);
  return (
    <a
      {...props}
      href={to}
      // Lets Remix discover the target route ahead of the click, as its own Link does.
      data-discover="true"
      onClick={(e) => {
        onClick?.(e);
        if (!navigate || e.defaultPrevented || isBrowserClick(e)) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** Whether a navbar entry is the current page (`end`: only an exact match, as for Home). */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return here === to || (!end && to !== "/" && here.startsWith(`${to}/`));
}
