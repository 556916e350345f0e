import { Link } from "@remix-run/react";
import type { PackageTour } from "@worker/domain/catalogue/package-tour";
import { ADDON_UNIT_LABELS, MEAL_PLAN_LABELS } from "@worker/domain/catalogue/labels";
import { formatRupees } from "@worker/shared/format";
import type { FieldErrors } from "./form-fields";

/**
 * The package form's tour part (issue 26): which of the seller's hotels, meal plans and add-ons the package offers,
 * and its day-by-day itinerary. Plain checkboxes and inputs, so a form sent without scripts carries them (with one
 * empty day to fill in; saving comes back with another); with scripts "Add a day" adds one in place.
 */

const MEAL_CODES = Object.keys(MEAL_PLAN_LABELS) as (keyof typeof MEAL_PLAN_LABELS)[];
const DAY_FIELDS = ["title", "details", "overnight", "meals"] as const;
type Day = Record<(typeof DAY_FIELDS)[number], string>;

/** The tour part as typed. */
export type TourDraft = {
  hotelIds: string[];
  meals: Record<string, { offered: boolean; rupees: string }>;
  addonIds: string[];
  days: Day[];
};

/** The tour part as the action takes it (supplements in rupees as typed; the server's schema reads them). */
export type TourValues = {
  hotelIds: string[];
  mealPlans: { code: string; supplement: string }[];
  addonIds: string[];
  itinerary: Day[];
};

/** Marks a form sent without scripts as carrying the tour part (no box ticked then means "none"). */
export const TOUR_FIELD = "tour";

const emptyDay = (): Day => ({ title: "", details: "", overnight: "", meals: "" });
const written = (d: Day) => DAY_FIELDS.some((k) => d[k].trim() !== "");
const rupeesOf = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

export function tourDraftOf(chosen: PackageTour["chosen"]): TourDraft {
  return {
    hotelIds: chosen.hotelIds,
    meals: Object.fromEntries(
      MEAL_CODES.map((code) => {
        const plan = chosen.mealPlans.find((p) => p.code === code);
        return [code, { offered: Boolean(plan), rupees: plan ? rupeesOf(plan.supplement) : "" }];
      }),
    ),
    addonIds: chosen.addonIds,
    days: chosen.itinerary.map((d) => ({ title: d.title, details: d.details, overnight: d.overnight, meals: d.meals })),
  };
}

/** The tour part of a form sent without scripts; undefined when the form had none. */
export function tourDraftOfForm(form: FormData): TourDraft | undefined {
  if (!form.has(TOUR_FIELD)) return undefined;
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const strings = (key: string) => form.getAll(key).filter((v): v is string => typeof v === "string");
  const days: Day[] = [];
  for (let i = 0; i < 60 && DAY_FIELDS.some((k) => form.has(`days.${i}.${k}`)); i++)
    days.push(Object.fromEntries(DAY_FIELDS.map((k) => [k, text(`days.${i}.${k}`)])) as Day);
  return {
    hotelIds: strings("hotelIds"),
    meals: Object.fromEntries(
      MEAL_CODES.map((code) => [code, { offered: form.has(`meal.${code}`), rupees: text(`meal.${code}.supplement`) }]),
    ),
    addonIds: strings("addonIds"),
    days: days.filter(written),
  };
}

export function tourValuesOf(t: TourDraft): TourValues {
  return {
    hotelIds: t.hotelIds,
    mealPlans: MEAL_CODES.filter((code) => t.meals[code]?.offered).map((code) => ({
      code,
      supplement: t.meals[code].rupees.trim() || "0",
    })),
    addonIds: t.addonIds,
    itinerary: t.days.filter(written),
  };
}

const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

export function TourFields({
  offered,
  value,
  onChange,
  hydrated,
  errors: e,
}: {
  offered: Pick<PackageTour, "hotels" | "addons">;
  value: TourDraft;
  onChange: (next: TourDraft) => void;
  hydrated: boolean;
  errors: FieldErrors;
}) {
  // Without scripts one empty day waits at the end; with them, "Add a day" adds one.
  const days = hydrated ? value.days : [...value.days, emptyDay()];
  const setDay = (i: number, key: keyof Day, text: string) =>
    onChange({ ...value, days: days.map((d, j) => (j === i ? { ...d, [key]: text } : d)) });
  const tourError = e.tour ?? e.mealPlans ?? e.itinerary ?? e.hotelIds ?? e.addonIds;
  return (
    <>
      <input type="hidden" name={TOUR_FIELD} value="1" />
      <fieldset className="sa-fieldset">
        <legend>Hotels</legend>
        <p className="muted sa-hint">
          Travellers choose one of these hotels and its room type when they book. Room types and prices are set under{" "}
          <Link to="/seller-dashboard/hotels">Hotels</Link>.
        </p>
        {offered.hotels.length === 0 ? <p className="muted">No hotels yet.</p> : null}
        {offered.hotels.map((h) => (
          <label key={h.id} className="sa-check">
            <input
              type="checkbox"
              name="hotelIds"
              value={h.id}
              checked={value.hotelIds.includes(h.id)}
              onChange={(x) => onChange({ ...value, hotelIds: toggle(value.hotelIds, h.id, x.target.checked) })}
            />{" "}
            {`${h.name}, ${h.city} (${h.stars} star)`}
            <span className="muted">{h.rooms.length ? ` · ${h.rooms.join(", ")}` : " · no room types yet"}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="sa-fieldset">
        <legend>Meal plans</legend>
        <p className="muted sa-hint">Each plan offered with its supplement per person per night, in rupees (0 when included).</p>
        {MEAL_CODES.map((code) => {
          const meal = value.meals[code] ?? { offered: false, rupees: "" };
          const set = (next: Partial<typeof meal>) => onChange({ ...value, meals: { ...value.meals, [code]: { ...meal, ...next } } });
          return (
            <div className="sa-meal-row" key={code}>
              <label className="sa-check">
                <input type="checkbox" name={`meal.${code}`} checked={meal.offered} onChange={(x) => set({ offered: x.target.checked })} />{" "}
                {`Offer ${code} (${MEAL_PLAN_LABELS[code]})`}
              </label>
              <div className="field">
                <label htmlFor={`meal-${code}-supplement`}>{`${code} supplement per person per night (₹)`}</label>
                <input
                  id={`meal-${code}-supplement`}
                  name={`meal.${code}.supplement`}
                  inputMode="decimal"
                  value={meal.rupees}
                  onChange={(x) => set({ rupees: x.target.value })}
                />
              </div>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="sa-fieldset">
        <legend>Add-ons</legend>
        <p className="muted sa-hint">
          Optional extras travellers can add when they book. Add-ons are made under{" "}
          <Link to="/seller-dashboard/addon-itinerary">Add-on Itinerary</Link>.
        </p>
        {offered.addons.length === 0 ? <p className="muted">No add-ons yet.</p> : null}
        {offered.addons.map((a) => (
          <label key={a.id} className="sa-check">
            <input
              type="checkbox"
              name="addonIds"
              value={a.id}
              checked={value.addonIds.includes(a.id)}
              onChange={(x) => onChange({ ...value, addonIds: toggle(value.addonIds, a.id, x.target.checked) })}
            />{" "}
            {`${a.name}: ${formatRupees(a.price)} ${ADDON_UNIT_LABELS[a.unit]}`}
          </label>
        ))}
      </fieldset>

      <fieldset className="sa-fieldset">
        <legend>Day-by-day itinerary</legend>
        <p className="muted sa-hint">
          Shown on the package's pages and the voucher. A day left empty is dropped; the days are numbered in order.
        </p>
        <ol className="sa-days">
          {days.map((d, i) => (
            <li key={i} className="stack">
              <h3 className="sa-day-title">Day {i + 1}</h3>
              <div className="sa-grid">
                {(
                  [
                    ["title", "Title", 120],
                    ["overnight", "Overnight stay", 120],
                    ["meals", "Meals included", 120],
                  ] as const
                ).map(([key, label, max]) => (
                  <div className="field" key={key}>
                    <label htmlFor={`days.${i}.${key}`}>{`Day ${i + 1}: ${label}`}</label>
                    <input
                      id={`days.${i}.${key}`}
                      name={`days.${i}.${key}`}
                      maxLength={max}
                      value={d[key]}
                      onChange={(x) => setDay(i, key, x.target.value)}
                    />
                  </div>
                ))}
              </div>
              <div className="field">
                <label htmlFor={`days.${i}.details`}>{`Day ${i + 1}: What happens`}</label>
                <textarea
                  id={`days.${i}.details`}
                  name={`days.${i}.details`}
                  rows={2}
                  maxLength={2000}
                  value={d.details}
                  onChange={(x) => setDay(i, "details", x.target.value)}
                />
              </div>
              {hydrated ? (
                <p>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => onChange({ ...value, days: value.days.filter((_, j) => j !== i) })}
                  >
                    {`Remove day ${i + 1}`}
                  </button>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        {hydrated ? (
          <p>
            <button type="button" className="btn btn-outline" onClick={() => onChange({ ...value, days: [...value.days, emptyDay()] })}>
              Add a day
            </button>
          </p>
        ) : (
          <p className="muted sa-hint">Save to get another empty day.</p>
        )}
      </fieldset>
      {tourError ? (
        <p className="error-text" role="alert">
          {tourError}
        </p>
      ) : null}
    </>
  );
}
