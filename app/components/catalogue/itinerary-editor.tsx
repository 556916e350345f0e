import { Form, useActionData } from "@remix-run/react";
import type { ItineraryDay } from "@db/packages";
import { FormAnswer } from "./answer";
import type { CatalogueAnswer } from "./catalogue-action.server";

const FIELDS = [
  { key: "title", label: "Title", max: 120 },
  { key: "overnight", label: "Overnight stay", max: 120 },
  { key: "meals", label: "Meals included", max: 120 },
] as const;

/**
 * A package's day-by-day itinerary: its days and one empty day to fill in. Saving keeps the days with anything
 * written and numbers them in order, and the page comes back with a new empty day: adding days needs no script.
 */
export function ItineraryEditor({ pkg }: { pkg: { id: string; name: string; itinerary: ItineraryDay[] } }) {
  const answer = useActionData<CatalogueAnswer>();
  const days = [...pkg.itinerary, { day: pkg.itinerary.length + 1, title: "", details: "", overnight: "", meals: "" }];
  const p = `it-${pkg.id}`;
  return (
    <Form method="post" encType="multipart/form-data" className="stack" aria-label={`Itinerary of ${pkg.name}`}>
      <input type="hidden" name="packageId" value={pkg.id} />
      <ol className="itinerary-days">
        {days.map((d, i) => (
          <li key={`${pkg.id}-${d.day}`} className="catalogue-row stack">
            <h3>Day {i + 1}</h3>
            <div className="form-grid">
              {FIELDS.map((f) => (
                <div className="field" key={f.key}>
                  <label htmlFor={`${p}-${i}-${f.key}`}>{f.label}</label>
                  <input id={`${p}-${i}-${f.key}`} name={`days.${i}.${f.key}`} maxLength={f.max} defaultValue={d[f.key]} />
                </div>
              ))}
            </div>
            <div className="field">
              <label htmlFor={`${p}-${i}-details`}>What happens</label>
              <textarea id={`${p}-${i}-details`} name={`days.${i}.details`} rows={2} maxLength={2000} defaultValue={d.details} />
            </div>
          </li>
        ))}
      </ol>
      <p className="row-actions">
        <button className="btn" type="submit" name="intent" value="itinerary">
          Save itinerary
        </button>
        <button className="btn btn-outline" type="submit" name="intent" value="itinerary" formNoValidate>
          Save and add a day
        </button>
      </p>
      <FormAnswer answer={answer} intent="itinerary" target={pkg.id} />
    </Form>
  );
}

/** The itinerary as the package pages show it (main site and seller site). */
export function ItineraryList({ itinerary, headingId = "itinerary-title" }: { itinerary: ItineraryDay[]; headingId?: string }) {
  if (!itinerary?.length) return null;
  return (
    <section aria-labelledby={headingId} className="card stack">
      <h2 id={headingId}>Day-by-day itinerary</h2>
      <ol className="itinerary-days">
        {itinerary.map((d) => (
          <li key={d.day} className="stack">
            <h3>{d.title ? `Day ${d.day}: ${d.title}` : `Day ${d.day}`}</h3>
            {d.details ? <p>{d.details}</p> : null}
            {d.overnight || d.meals ? (
              <p className="muted">
                {d.overnight ? `Overnight: ${d.overnight}` : ""}
                {d.overnight && d.meals ? " · " : ""}
                {d.meals ? `Meals: ${d.meals}` : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
