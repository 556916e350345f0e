import { Link, NavLink } from "@remix-run/react";
import { useEffect, useState } from "react";
import { getStoredUser, getToken } from "~/lib/auth-storage";
import { toggleTheme } from "~/lib/theme";
import { useHydrated } from "~/lib/use-hydrated";

const NAV = [
  { to: "/tours/search", label: "Tours" },
  { to: "/flights/search", label: "Flights" },
  { to: "/hotels/search", label: "Hotels" },
  { to: "/reviews", label: "Reviews" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

function dashboardFor(role: string | undefined) {
  if (role === "seller") return "/seller-dashboard";
  if (role === "superadmin") return "/superadmin-panel";
  return "/user-dashboard";
}

export function MainFrame({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  const [account, setAccount] = useState<{ to: string; label: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: storage is read once the page is hydrated
  useEffect(() => {
    if (getToken()) setAccount({ to: dashboardFor(getStoredUser()?.role), label: "My account" });
  }, [hydrated]);
  return (
    <>
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
          <div className="row">
            <button type="button" className="theme-toggle" onClick={toggleTheme} aria-label="Switch between light and dark mode">
              <span aria-hidden="true">◐</span>
            </button>
            {account ? (
              <Link to={account.to} className="btn">
                {account.label}
              </Link>
            ) : (
              <>
                <Link to="/login" className="btn btn-outline">
                  Login
                </Link>
                <Link to="/signup" className="btn">
                  Sign up
                </Link>
              </>
            )}
          </div>
        </nav>
      </header>
      {children}
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
    </>
  );
}
