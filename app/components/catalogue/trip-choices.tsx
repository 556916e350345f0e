import { ADDON_UNIT_LABELS, type PackageChoices } from "@worker/domain/catalogue/labels";
import { formatRupees } from "@worker/shared/format";

export type ChoiceState = { roomTypeId: string; mealPlan: string; addons: Record<string, string> };

/**
 * The trip form's choices from the package's catalogue (ADR 0045): hotel and room type, meal plan, add-ons with a
 * quantity up to each one's maximum. Plain fields, so the form posts them without scripts.
 */
export function TripChoices({
  offered,
  value,
  onChange,
}: {
  offered: PackageChoices;
  value: ChoiceState;
  onChange: (next: ChoiceState) => void;
}) {
  return (
    <>
      {offered.hotels.length ? (
        <fieldset className="traveller-fieldset choice-fieldset">
          <legend>Hotel</legend>
          <div className="field">
            <label htmlFor="bk-room-type">Hotel and room type (per room per night)</label>
            <select
              id="bk-room-type"
              name="roomTypeId"
              value={value.roomTypeId}
              onChange={(e) => onChange({ ...value, roomTypeId: e.target.value })}
            >
              <option value="">The package's standard stay</option>
              {offered.hotels.map((h) => (
                <optgroup key={h.id} label={`${h.name}, ${h.city} (${h.stars} star)`}>
                  {h.rooms.map((r) => (
                    <option key={r.id} value={r.id}>
                      {`${r.name}, sleeps ${r.occupancy}: ${formatRupees(r.pricePerNight)}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        </fieldset>
      ) : null}
      {offered.mealPlans.length ? (
        <fieldset className="traveller-fieldset choice-fieldset">
          <legend>Meal plan</legend>
          <div className="field">
            <label htmlFor="bk-meal">Meal plan (per person per night)</label>
            <select id="bk-meal" name="mealPlan" value={value.mealPlan} onChange={(e) => onChange({ ...value, mealPlan: e.target.value })}>
              <option value="">No meal plan</option>
              {offered.mealPlans.map((m) => (
                <option key={m.code} value={m.code}>
                  {`${m.code} (${m.label})${m.supplement ? ` +${formatRupees(m.supplement)}` : ""}`}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      ) : null}
      {offered.addons.length ? (
        <fieldset className="traveller-fieldset choice-fieldset">
          <legend>Add-ons</legend>
          {offered.addons.map((a) => (
            <div className="field" key={a.id}>
              <label htmlFor={`bk-addon-${a.id}`}>{`${a.name}: ${formatRupees(a.price)} ${ADDON_UNIT_LABELS[a.unit]}`}</label>
              {a.description ? <span className="price-hint">{a.description}</span> : null}
              <select
                id={`bk-addon-${a.id}`}
                name={`addon.${a.id}`}
                value={value.addons[a.id] ?? "0"}
                onChange={(e) => onChange({ ...value, addons: { ...value.addons, [a.id]: e.target.value } })}
              >
                {Array.from({ length: a.maxQuantity + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? "None" : n}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
