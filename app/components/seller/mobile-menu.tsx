import { SiteLink } from "~/components/seller/site-link";
import { useEffect, useRef } from "react";

type NavItem = { to: string; label: string };

/** The slide-out menu: locks page scroll, traps focus, Escape or the close button closes it. */
export function MobileMenu({ open, items, onClose }: { open: boolean; items: NavItem[]; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") return onClose();
      if (e.key !== "Tab" || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>("a, button")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
    };
  }, [open, onClose]);

  if (!open) return <div id="seller-mobile-menu" hidden />;
  return (
    <>
      <div className="seller-drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panel} id="seller-mobile-menu" className="seller-drawer open" role="dialog" aria-modal="true" aria-label="Menu">
        <button type="button" className="seller-drawer-close" onClick={onClose}>
          <span aria-hidden="true">✕</span>
          <span className="sr-only">Close menu</span>
        </button>
        <nav aria-label="Mobile">
          <ul>
            {items.map((l) => (
              <li key={l.label}>
                <SiteLink to={l.to} onClick={onClose}>
                  {l.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
