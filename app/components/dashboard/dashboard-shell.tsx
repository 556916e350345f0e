import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import "~/components/bookings/bookings.css";

export type DashboardLink = {
  to: string;
  label: string;
  /** Current only on this exact path, not on the pages under it. */
  end?: boolean;
  /** false: the page only says "coming soon", and the link says so too. */
  built?: boolean;
};

/**
 * A signed-in area's frame: its navigation beside the page on wide screens, folded behind a menu button on
 * phones. The links are always in the server's HTML; where scripting is off, CSS leaves them unfolded
 * (`@media (scripting: enabled)` in bookings.css), so the button is never the only way to them; before hydration
 * the head's early toggle script opens and folds it (app/lib/early-toggle.ts).
 */
export function DashboardShell(props: { label: string; menuLabel: string; links: readonly DashboardLink[]; children: React.ReactNode }) {
  const { label, menuLabel, links, children } = props;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  // A tap before hydration (root.tsx's early toggle script) may have opened it already.
  useEffect(() => {
    if (button.current?.getAttribute("aria-expanded") === "true") setOpen(true);
  }, []);

  // A link followed from the open menu folds it; focus goes back to the button, not to a link that is now hidden.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
    const folding = button.current && button.current.getClientRects().length > 0;
    if (folding && list.current?.contains(document.activeElement)) button.current?.focus();
  }, [pathname]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key !== "Escape" || !open) return;
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div className="container dash">
      <nav className="dash-nav card" aria-label={label} onKeyDown={onKeyDown}>
        <button
          ref={button}
          type="button"
          className="dash-menu-button"
          aria-expanded={open}
          aria-controls={listId}
          data-early-toggle
          onClick={() => setOpen((o) => !o)}
        >
          <span>{menuLabel}</span>
          <span className="dash-menu-icon" aria-hidden="true" />
        </button>
        <ul id={listId} ref={list}>
          {links.map((n) => (
            <li key={n.to}>
              <NavLink to={n.to} end={n.end ?? false}>
                <span>{n.label}</span>
                {n.built === false ? <span className="soon">soon</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dash-main">{children}</div>
    </div>
  );
}
