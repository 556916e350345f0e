import { useEffect, useRef } from "react";

/**
 * A slide-out menu panel for small screens: while open it locks page scroll, moves focus into itself and keeps it
 * there (Tab wraps), and Escape, the close button or the backdrop closes it; focus then returns to `opener`.
 * Closed, it leaves an empty element with its id, so the opener's `aria-controls` always points somewhere.
 */
export function MenuDrawer({
  id,
  open,
  onClose,
  opener,
  className,
  backdropClassName,
  closeClassName,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The button that opened the menu: focus goes back to it on close. */
  opener?: React.RefObject<HTMLElement>;
  className: string;
  backdropClassName: string;
  closeClassName: string;
  children: React.ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const back = opener?.current;
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
      back?.focus();
    };
  }, [open, onClose, opener]);

  if (!open) return <div id={id} hidden />;
  return (
    <>
      <div className={backdropClassName} onClick={onClose} aria-hidden="true" />
      <div ref={panel} id={id} className={className} role="dialog" aria-modal="true" aria-label="Menu">
        <button type="button" className={closeClassName} onClick={onClose}>
          <span aria-hidden="true">✕</span>
          <span className="sr-only">Close menu</span>
        </button>
        {children}
      </div>
    </>
  );
}
