import { ADDON_UNIT_LABELS, type PackageChoices } from "@worker/domain/catalogue/labels";
import { formatRupees } from "@worker/shared/format";

/** What a package page says of its hotels, meal plans and add-ons, before the traveller opens the form. */
export function ChoicesList({ choices }: { choices: PackageChoices }) {
  if (!choices.hotels.length && !choices.mealPlans.length && !choices.addons.length) return null;
  return (
    <section aria-labelledby="choices-title" className="card stack">
      <h2 id="choices-title">Hotels, meals and add-ons</h2>
      {choices.hotels.map((h) => (
        <div key={h.id} className="catalogue-head">
          {h.image ? <img src={h.image} alt="" width={96} height={72} loading="lazy" /> : null}
          <div>
            <h3>{h.name}</h3>
            <p className="muted">
              {h.city} · {h.stars} star
            </p>
            <ul>
              {h.rooms.map((r) => (
                <li key={r.id}>{`${r.name}, sleeps ${r.occupancy}: ${formatRupees(r.pricePerNight)} per night`}</li>
              ))}
            </ul>
          </div>
        </div>
      ))}
      {choices.mealPlans.length ? (
        <>
          <h3>Meal plans</h3>
          <ul>
            {choices.mealPlans.map((m) => (
              <li
                key={m.code}
              >{`${m.code} (${m.label}): ${m.supplement ? `${formatRupees(m.supplement)} per person per night` : "included"}`}</li>
            ))}
          </ul>
        </>
      ) : null}
      {choices.addons.length ? (
        <>
          <h3>Add-ons</h3>
          <ul>
            {choices.addons.map((a) => (
              <li key={a.id}>{`${a.name}: ${formatRupees(a.price)} ${ADDON_UNIT_LABELS[a.unit]}`}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
