import type { PublicPackage } from "@worker/domain/seller-website/shapes";

// Placeholder until issue #5 lands: the real booking request form replaces this file.
export function BookingRequestForm({ pkg }: { pkg: PublicPackage }) {
  return (
    <button type="button" className="btn" disabled aria-label={`Book ${pkg.name} (coming soon)`}>
      Book Now
    </button>
  );
}
