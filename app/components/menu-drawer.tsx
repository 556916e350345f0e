import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** True when `el` is an open popover; false where the browser has no popovers (the selector is unknown there). */
function popoverOpen(el: HTMLElement) {
  try {
    return el.matches(":popover-open");
  } catch {
    return false;
  }
}

/**
 * A slide-out menu panel for small screens. It is a native popover, and its button opens it with `popovertarget`
 * (`useMenuDrawer`): the server's HTML holds its links, so the browser opens it on a tap before the scripts have
 * hydrated the page, or without scripts at all, and closes it on Escape, a tap outside or its close button.
 * Once scripts run, `open` follows the popover (a tap before hydration leaves it open) and the page adds what the
 * browser does not: while open it locks page scroll, moves focus into itself and keeps it there (Tab wraps);
 * focus then returns to `opener`. Where a browser has no popovers, `open` alone shows it (the `open` class).
 */
export function MenuDrawer({
  id,
  open,
  onOpenChange,
  opener,
  className,
  closeClassName,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the menu: focus goes back to it on close. */
  opener?: React.RefObject<HTMLElement>;
  className: string;
  closeClassName: string;
  children: React.ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const latest = useRef(onOpenChange);
  latest.current = onOpenChange;

  // The browser opens and closes the popover itself (its button, Escape, a tap outside); the page follows.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const onToggle = (e: Event) => latest.current((e as ToggleEvent).newState === "open");
    el.addEventListener("toggle", onToggle);
    if (popoverOpen(el)) latest.current(true);
    return () => el.removeEventListener("toggle", onToggle);
  }, []);

  // And the page's own opening and closing (its button once hydrated, a link followed): only a change of `open`
  // moves the popover, never the first render, which must leave open a menu tapped open before hydration.
  const shown = useRef(false);
  useEffect(() => {
    const el = panel.current;
    if (open === shown.current || !el) return;
    shown.current = open;
    if (!("showPopover" in el) || open === popoverOpen(el)) return;
    if (open) el.showPopover();
    else el.hidePopover();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const back = opener?.current;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") return latest.current(false);
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
      back?.focus();
    };
  }, [open, opener]);

  return (
    <div
      ref={panel}
      id={id}
      popover="auto"
      className={open ? `${className} open` : className}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
    >
      <button type="button" className={closeClassName} popovertarget={id} popovertargetaction="hide" onClick={() => onOpenChange(false)}>
        <span aria-hidden="true">✕</span>
        <span className="sr-only">Close menu</span>
      </button>
      {children}
    </div>
  );
}

/**
 * A menu's state, its button's attributes and the drawer's. Until the page has hydrated the button opens the popover
 * itself (`popovertarget`); from then on the page does, so that the browser's toggle and the page's never undo
 * each other.
 */
export function useMenuDrawer(id: string) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const opener = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  return {
    open,
    setOpen,
    button: {
      ref: opener,
      type: "button" as const,
      popovertarget: hydrated ? undefined : id,
      "aria-controls": id,
      "aria-expanded": open,
      onClick: toggle,
    },
    drawer: { id, open, onOpenChange: setOpen, opener },
  };
}
