import { Link, NavLink, useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { MenuDrawer, useMenuDrawer } from "~/components/menu-drawer";
import { toggleTheme } from "~/lib/theme";

const NAV = [
  { to: "/tours/search", label: "Tours" },
  { to: "/flights/search", label: "Flights" },
  { to: "/hotels/search", label: "Hotels" },
  { to: "/reviews", label: "Reviews" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

/** What the header offers: the visitor's dashboard when the page's session cookie is valid, else Login and Sign up. */
export type HeaderAccount = { to: string; label: string; cart?: number } | null;

/** A traveller's cart with its count, in the header at every width (issue 24): "Cart 2", read as "Cart, 2 trips". */
function CartLink({ count }: { count: number }) {
  const trips = `${count} ${count === 1 ? "trip" : "trips"}`;
  return (
    <Link to="/cart" className="btn btn-outline header-cart" aria-label={`Cart, ${trips}`}>
      Cart <span className="cart-count">{count}</span>
    </Link>
  );
}

function AccountLinks({ account, onNavigate }: { account: HeaderAccount; onNavigate?: () => void }) {
  if (account) {
    return (
      <Link to={account.to} className="btn" onClick={onNavigate}>
        {account.label}
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" className="btn btn-outline" onClick={onNavigate}>
        Login
      </Link>
      <Link to="/signup" className="btn" onClick={onNavigate}>
        Sign up
      </Link>
    </>
  );
}

/**
 * The main site's frame: header, page, footer. On a wide screen the header shows the navigation and the account
 * links; on a phone they fold into a menu opened by a button (keyboard and screen-reader usable; a native popover,
 * so a tap before hydration opens it too). The account
 * comes from the main layout's loader (the session cookie), so the server's HTML already shows the right links.
 */
export function MainFrame({ children }: { children: React.ReactNode }) {
  const account = (useRouteLoaderData("main") as { account?: HeaderAccount } | undefined)?.account ?? null;
  const menu = useMenuDrawer("main-menu");
  const { setOpen } = menu;
  const closeMenu = useCallback(() => setOpen(false), [setOpen]);
  return (
    <div className="site-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <nav className="container" aria-label="Main">
          <Link to="/" className="brand-mark">
            Tripbazaar
          </Link>
          <ul className="links">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to}>{n.label}</NavLink>
              </li>
            ))}
          </ul>
          <div className="row header-actions">
            <button type="button" className="theme-toggle" onClick={toggleTheme} aria-label="Switch between light and dark mode">
              <span aria-hidden="true">◐</span>
            </button>
            {account?.cart !== undefined ? <CartLink count={account.cart} /> : null}
            <span className="row header-account">
              <AccountLinks account={account} />
            </span>
            <button className="menu-button" {...menu.button}>
              <span aria-hidden="true">☰</span>
              <span className="sr-only">Menu</span>
            </button>
          </div>
        </nav>
        <MenuDrawer {...menu.drawer} className="main-drawer" closeClassName="main-drawer-close">
          <nav aria-label="Menu">
            <ul>
              {NAV.map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} onClick={closeMenu}>
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="stack main-drawer-account">
            <AccountLinks account={account} onNavigate={closeMenu} />
          </div>
        </MenuDrawer>
      </header>
      <div className="site-body">{children}</div>
      <footer className="site-footer">
        <div className="container row" style={{ justifyContent: "space-between" }}>
          <span>© {new Date().getFullYear()} Tripbazaar</span>
          <nav aria-label="Policies">
            <ul className="row" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms</Link>
              </li>
              <li>
                <Link to="/shipping-and-delivery">Shipping and Delivery</Link>
              </li>
              <li>
                <Link to="/cancellation-and-refund">Cancellation and Refund</Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
