import { useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { useMenuDrawer } from "~/components/menu-drawer";
import { MobileMenu } from "~/components/seller/mobile-menu";
import { SellerLogo } from "~/components/seller/seller-logo";
import { SiteLink, SiteNavigateProvider, isCurrent } from "~/components/seller/site-link";
import { SiteFooter } from "~/components/seller/site-footer";
import { type SellerSite, SellerSiteProvider, siteHref } from "~/lib/seller-site";
import { toggleTheme } from "~/lib/theme";

/** The seller site's frame (spec §2); `signedIn` comes from the layout's loader (the session cookie), so the server's HTML shows Dashboard or Login. */
export function SellerFrame({
  site,
  signedIn,
  children,
  hideFooter = false,
}: {
  site: SellerSite;
  signedIn: boolean;
  children: React.ReactNode;
  hideFooter?: boolean;
}) {
  const menu = useMenuDrawer("seller-mobile-menu");
  const { setOpen, button } = menu;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const name = site.websiteConfig.websiteName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setOpen(false), [pathname]);
  const closeMenu = useCallback(() => {
    setOpen(false);
    button.ref.current?.focus();
  }, [setOpen, button.ref]);

  const home = siteHref(site, "/");
  const links = [
    { to: home, label: "Home", end: true },
    { to: siteHref(site, "/package/all"), label: "Packages" },
    { to: `${home}#about`, label: "About Us" },
    { to: siteHref(site, "/contact"), label: "Contact" },
  ];
  const account = signedIn ? { to: siteHref(site, "/dashboard"), label: "Dashboard" } : { to: siteHref(site, "/login"), label: "Login" };

  return (
    <SellerSiteProvider value={site}>
      <SiteNavigateProvider>
        <div className="seller-site" style={site.brand as React.CSSProperties}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <header className="seller-nav">
            <nav className="container" aria-label="Main">
              <SiteLink to={home} className="seller-brand">
                <SellerLogo site={site} />
                <span className="seller-brand-name">{name}</span>
              </SiteLink>
              <ul className="seller-links">
                {links.map((l) => {
                  const current = l.label !== "About Us" && isCurrent(pathname, l.to, l.end);
                  return (
                    <li key={l.label}>
                      <SiteLink to={l.to} className={current ? "active" : undefined} aria-current={current ? "page" : undefined}>
                        {l.label}
                      </SiteLink>
                    </li>
                  );
                })}
              </ul>
              <button type="button" className="theme-toggle" onClick={toggleTheme} aria-label="Switch between light and dark mode">
                <span aria-hidden="true">◐</span>
              </button>
              <SiteLink to={account.to} className="btn seller-cta">
                {account.label}
              </SiteLink>
              <button className="seller-menu-button" {...button}>
                <span className="sr-only">Open menu</span>
                <span aria-hidden="true">☰</span>
              </button>
            </nav>
            <MobileMenu drawer={menu.drawer} items={[...links, account]} onClose={closeMenu} />
          </header>
          {navigation.state === "loading" ? (
            <div className="seller-loading" role="status">
              Loading...
            </div>
          ) : null}
          <div className="seller-main">{children}</div>
          {hideFooter ? null : <SiteFooter site={site} links={links} />}
        </div>
      </SiteNavigateProvider>
    </SellerSiteProvider>
  );
}
