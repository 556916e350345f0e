import { Form, Link } from "@remix-run/react";

export const SEARCH_TABS = [
  { id: "holidays", label: "Holidays" },
  { id: "flights", label: "Flights" },
  { id: "hotels", label: "Hotels" },
  { id: "buses", label: "Buses" },
] as const;
export type SearchTab = (typeof SEARCH_TABS)[number]["id"];

/** The home page's search box (issue 27): tabs are links (`?tab=`), so each works without scripts. */
export function HomeSearch({ tab }: { tab: SearchTab }) {
  return (
    <div className="stack">
      <nav aria-label="What to search" className="search-tabs">
        {SEARCH_TABS.map((t) => (
          <Link
            key={t.id}
            to={t.id === "holidays" ? "/" : `/?tab=${t.id}`}
            className={t.id === tab ? "btn" : "btn btn-outline"}
            aria-current={t.id === tab ? "page" : undefined}
            preventScrollReset
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "flights" ? (
        <Form method="get" action="/flights/search" className="search-bar main-search flight-fields" role="search" aria-label="Flights">
          <label>
            From
            <input name="from" className="input" defaultValue="DEL" required maxLength={3} />
          </label>
          <label>
            To
            <input name="to" className="input" defaultValue="BOM" required maxLength={3} />
          </label>
          <label>
            Date
            <input name="date" type="date" className="input" required />
          </label>
          <label>
            Adults
            <input name="adults" type="number" min={1} max={9} defaultValue={1} className="input" />
          </label>
          <button type="submit" className="btn">
            Search flights
          </button>
        </Form>
      ) : tab === "hotels" ? (
        <Form method="get" action="/hotels/search" className="search-bar main-search flight-fields" role="search" aria-label="Hotels">
          <label>
            City
            <input name="city" className="input" required />
          </label>
          <label>
            Check-in
            <input name="checkIn" type="date" className="input" required />
          </label>
          <label>
            Check-out
            <input name="checkOut" type="date" className="input" required />
          </label>
          <label>
            Rooms
            <input name="rooms" type="number" min={1} max={5} defaultValue={1} className="input" />
          </label>
          <label>
            Adults
            <input name="adults" type="number" min={1} max={9} defaultValue={2} className="input" />
          </label>
          <label>
            Children
            <input name="children" type="number" min={0} max={6} defaultValue={0} className="input" />
          </label>
          <button type="submit" className="btn">
            Search hotels
          </button>
        </Form>
      ) : tab === "buses" ? (
        <Form method="get" action="/buses/search" className="search-bar main-search flight-fields" role="search" aria-label="Buses">
          <label>
            From
            <input name="from" className="input" required />
          </label>
          <label>
            To
            <input name="to" className="input" required />
          </label>
          <label>
            Date
            <input name="date" type="date" className="input" required />
          </label>
          <button type="submit" className="btn">
            Search buses
          </button>
        </Form>
      ) : (
        <Form method="get" action="/tours/search" className="search-bar main-search" role="search">
          <label htmlFor="home-q" className="sr-only">
            Destination or package
          </label>
          <input id="home-q" name="q" className="input" placeholder="Where do you want to go?" />
          <button type="submit" className="btn">
            Find a tour
          </button>
        </Form>
      )}
    </div>
  );
}
