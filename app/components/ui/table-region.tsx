import "~/components/bookings/bookings.css";

/**
 * A wide table's own scroll container, so the page never scrolls sideways: named for screen readers and
 * focusable, so a keyboard can scroll it too. On phones a `stack-rows` table inside shows its rows as cards.
 */
export function TableRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
