import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { getToken } from "~/lib/auth-storage";
import { type SellerSite, SellerSiteProvider, brandStyle, siteHref } from "~/lib/seller-site";
import { useHydrated } from "~/lib/use-hydrated";

function Logo({ site }: { site: SellerSite }) {
  const name = site.websiteConfig.websiteName;
  return site.seller.logo ? (
    <img src={site.seller.logo} alt={`${name} logo`} width={40} height={40} className="seller-logo" />
  ) : (
    <span className="seller-logo seller-logo-letter" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || "T"}
    </span>
  );
}

function useSignedIn() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [signedIn, setSignedIn] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read storage on every navigation
  useEffect(() => setSignedIn(Boolean(getToken())), [hydrated, pathname]);
  return signedIn;
}

export function SellerFrame({ site, children, hideFooter = false }: { site: SellerSite; children: React.ReactNode; hideFooter?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = site.websiteConfig.websiteName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, [menuOpen]);

  const links = [
    { to: siteHref(site, "/"), label: "Home", end: true },
    { to: siteHref(site, "/package/all"), label: "Packages" },
    { to: `${siteHref(site, "/")}#about`, label: "About Us" },
    { to: siteHref(site, "/contact"), label: "Contact" },
  ];
  const account = signedIn ? { to: siteHref(site, "/dashboard"), label: "Dashboard" } : { to: siteHref(site, "/login"), label: "Login" };

  return (
    <SellerSiteProvider value={site}>
      <div className="seller-site" style={brandStyle(site)}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="seller-nav">
          <nav className="container" aria-label="Main">
            <Link to={siteHref(site, "/")} className="seller-brand">
              <Logo site={site} />
              <span>{name}</span>
            </Link>
            <ul className="seller-links">
              {links.map((l) => (
                <li key={l.label}>
                  <NavLink to={l.to} end={l.end}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Link to={account.to} className="btn seller-cta">
              {account.label}
            </Link>
            <button
              ref={menuButton}
              type="button"
              className="seller-menu-button"
              aria-expanded={menuOpen}
              aria-controls="seller-mobile-menu"
              onClick={() => setMenuOpen((o) => !o)}
            >
              <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
              <span aria-hidden="true">{menuOpen ? "✕" : "☰"}</span>
            </button>
          </nav>
          {menuOpen ? <div className="seller-drawer-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" /> : null}
          <div id="seller-mobile-menu" className={`seller-drawer${menuOpen ? " open" : ""}`} hidden={!menuOpen}>
            <ul>
              {[...links, account].map((l) => (
                <li key={l.label}>
                  <Link to={l.to} onClick={() => setMenuOpen(false)}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </header>
        <div className="seller-main">{children}</div>
        {hideFooter ? null : (
          <footer className="seller-footer">
            <div className="container seller-footer-grid">
              <div className="stack">
                <Link to={siteHref(site, "/")} className="seller-brand">
                  <Logo site={site} />
                  <span>{name}</span>
                </Link>
                {site.seller.bio ? <p className="muted">{site.seller.bio}</p> : null}
              </div>
              <nav aria-label="Quick links">
                <h2 className="footer-heading">Quick links</h2>
                <ul>
                  {links.map((l) => (
                    <li key={l.label}>
                      <Link to={l.to}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <div>
                <h2 className="footer-heading">Contact</h2>
                <ul>
                  <li>
                    <a href={`mailto:${site.seller.email}`}>{site.seller.email}</a>
                  </li>
                  {site.seller.phone ? (
                    <li>
                      <a href={`tel:${site.seller.phone}`}>{site.seller.phone}</a>
                    </li>
                  ) : null}
                  <li>Support hours 9 AM - 8 PM</li>
                </ul>
              </div>
              <nav aria-label="Policies">
                <h2 className="footer-heading">Policies</h2>
                <ul>
                  <li>
                    <a href="/privacy-policy">Privacy Policy</a>
                  </li>
                  <li>
                    <a href="/terms">Terms</a>
                  </li>
                  <li>
                    <a href="/cancellation-and-refund">Cancellation and Refund</a>
                  </li>
                </ul>
              </nav>
            </div>
            <p className="container muted">
              © {new Date().getFullYear()} {name}
            </p>
          </footer>
        )}
      </div>
    </SellerSiteProvider>
  );
}
