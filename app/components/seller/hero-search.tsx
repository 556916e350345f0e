import { useNavigate } from "@remix-run/react";
import { searchHref, siteHref, useSellerSite } from "~/lib/seller-site";

/**
 * The landing's search: destination, optional check-in and duration. It goes to
 * searchpackages/{query}, or searchpackages/all-packages when empty. Without JS the
 * plain GET lands on all-packages, whose loader redirects to the built query.
 */
export function HeroSearch() {
  const site = useSellerSite();
  const navigate = useNavigate();
  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (k: string) => String(form.get(k) ?? "");
    navigate(searchHref(site, { destination: value("destination"), checkIn: value("checkIn"), duration: value("duration") }));
  }
  return (
    <search>
      <form method="get" action={siteHref(site, "/searchpackages/all-packages")} className="hero-search" onSubmit={onSubmit}>
        <div className="hero-field hero-field-wide">
          <label htmlFor="destination">Destination</label>
          <input id="destination" name="destination" className="input" placeholder="Where do you want to go?" autoComplete="off" />
        </div>
        <div className="hero-field">
          <label htmlFor="checkIn">Check-in</label>
          <input id="checkIn" name="checkIn" type="date" className="input" />
        </div>
        <div className="hero-field">
          <label htmlFor="duration">Duration</label>
          <select id="duration" name="duration" className="input" defaultValue="">
            <option value="">Any</option>
            {[3, 4, 5, 6, 7, 8, 9].map((d) => (
              <option key={d} value={d}>
                {`${d} days`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
    </search>
  );
}
