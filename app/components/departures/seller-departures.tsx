import { Form, useNavigation } from "@remix-run/react";
import type { SellerDeparture } from "@worker/domain/departures/read";
import { MAX_CAPACITY, MAX_CUTOFF_HOURS } from "@worker/domain/departures/view";
import { formatDate } from "@worker/shared/format";
import type { ActionResult } from "~/lib/action-result";
import { SeatBadge } from "./seat-badge";

type Answer = ActionResult & { intent?: string; id?: string; values?: Record<string, string> };

function tomorrow() {
  const d = new Date(Date.now() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The add form: package, date, seats, cut-off, minimum group, open or closed. Works without scripts. */
export function AddDepartureForm({ packages, answer }: { packages: { id: string; name: string }[]; answer: Answer | undefined }) {
  const busy = useNavigation().formData?.get("intent") === "add";
  const sent = answer && !answer.ok ? (answer.values ?? {}) : {};
  if (packages.length === 0)
    return (
      <section className="card stack" aria-labelledby="add-departure">
        <h2 id="add-departure">Add a departure</h2>
        <p className="muted">Add a package first; then give it departures here.</p>
      </section>
    );
  return (
    <section className="card stack" aria-labelledby="add-departure">
      <h2 id="add-departure">Add a departure</h2>
      <Form method="post" className="stack" key={answer?.ok ? answer.message : "add"}>
        <input type="hidden" name="intent" value="add" />
        <div className="form-grid">
          <div className="field">
            <label htmlFor="dp-package">Package</label>
            <select id="dp-package" name="packageId" defaultValue={sent.packageId ?? packages[0].id} required>
              {packages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="dp-date">Departure date</label>
            <input id="dp-date" name="startDate" type="date" min={tomorrow()} defaultValue={sent.startDate ?? ""} required />
          </div>
          <div className="field">
            <label htmlFor="dp-capacity">Seats</label>
            <input
              id="dp-capacity"
              name="capacity"
              type="number"
              min={1}
              max={MAX_CAPACITY}
              defaultValue={sent.capacity ?? "12"}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="dp-cutoff">Booking cut-off (hours before the start)</label>
            <input id="dp-cutoff" name="cutoffHours" type="number" min={0} max={MAX_CUTOFF_HOURS} defaultValue={sent.cutoffHours ?? "24"} />
          </div>
          <div className="field">
            <label htmlFor="dp-group">Minimum group size (optional)</label>
            <input id="dp-group" name="minGroup" type="number" min={1} max={MAX_CAPACITY} defaultValue={sent.minGroup ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="dp-status">Bookings</label>
            <select id="dp-status" name="status" defaultValue={sent.status ?? "open"}>
              <option value="open">Open</option>
              <option value="closed">Closed</option>
            </select>
          </div>
        </div>
        <p>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Adding..." : "Add departure"}
          </button>
        </p>
      </Form>
    </section>
  );
}

/** Every departure with its seats sold, held and left, and its own change and delete forms. */
export function DepartureList({ departures, answer }: { departures: SellerDeparture[]; answer: Answer | undefined }) {
  const upcoming = departures.filter((d) => !d.past);
  const past = departures.filter((d) => d.past);
  return (
    <section className="card stack" aria-labelledby="departure-list">
      <h2 id="departure-list">Your departures</h2>
      {departures.length === 0 ? <p className="muted">No departures yet: your packages are booked on request.</p> : null}
      <ul className="departure-list">
        {upcoming.map((d) => (
          <DepartureItem key={d.id} d={d} answer={answer?.id === d.id ? answer : undefined} />
        ))}
      </ul>
      {past.length > 0 ? (
        <details>
          <summary>Past departures ({past.length})</summary>
          <ul className="departure-list">
            {past.map((d) => (
              <DepartureItem key={d.id} d={d} answer={answer?.id === d.id ? answer : undefined} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function DepartureItem({ d, answer }: { d: SellerDeparture; answer: Answer | undefined }) {
  const sent = answer && !answer.ok && answer.intent === "change" ? (answer.values ?? {}) : {};
  const prefix = `dp-${d.id}`;
  return (
    <li className="departure-item">
      <div className="departure-head">
        <div>
          <strong>{d.packageName}</strong>
          <div>{formatDate(d.startDate)}</div>
        </div>
        <SeatBadge state={d.state} label={d.label} />
      </div>
      <dl className="seat-figures">
        <div>
          <dt>Seats</dt>
          <dd>{d.capacity}</dd>
        </div>
        <div>
          <dt>Sold</dt>
          <dd>{d.sold}</dd>
        </div>
        <div>
          <dt>Held</dt>
          <dd>{d.held}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd>{d.left}</dd>
        </div>
      </dl>
      <p className="muted">
        Bookings close {d.cutoffHours} hours before the start
        {d.minGroup ? ` · runs with at least ${d.minGroup} travellers` : ""}
      </p>
      {answer && !answer.ok ? (
        <p role="alert" className="error-text">
          {answer.message}
        </p>
      ) : null}
      {d.past ? null : (
        <details>
          <summary>Change or close</summary>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="id" value={d.id} />
            <div className="form-grid">
              <div className="field">
                <label htmlFor={`${prefix}-capacity`}>Seats</label>
                <input
                  id={`${prefix}-capacity`}
                  name="capacity"
                  type="number"
                  min={Math.max(1, d.sold + d.held)}
                  max={MAX_CAPACITY}
                  defaultValue={sent.capacity ?? d.capacity}
                  required
                />
              </div>
              <div className="field">
                <label htmlFor={`${prefix}-cutoff`}>Cut-off (hours)</label>
                <input
                  id={`${prefix}-cutoff`}
                  name="cutoffHours"
                  type="number"
                  min={0}
                  max={MAX_CUTOFF_HOURS}
                  defaultValue={sent.cutoffHours ?? d.cutoffHours}
                />
              </div>
              <div className="field">
                <label htmlFor={`${prefix}-group`}>Minimum group</label>
                <input
                  id={`${prefix}-group`}
                  name="minGroup"
                  type="number"
                  min={1}
                  max={MAX_CAPACITY}
                  defaultValue={sent.minGroup ?? d.minGroup ?? ""}
                />
              </div>
              <div className="field">
                <label htmlFor={`${prefix}-status`}>Bookings</label>
                <select id={`${prefix}-status`} name="status" defaultValue={sent.status ?? d.status}>
                  <option value="open">Open</option>
                  <option value="closed">Closed</option>
                </select>
              </div>
            </div>
            <p>
              <button type="submit" className="btn btn-outline">
                Save changes
              </button>
            </p>
          </Form>
        </details>
      )}
      {d.sold + d.held === 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={d.id} />
          <button
            type="submit"
            className="btn btn-outline"
            aria-label={`Delete the departure of ${d.packageName} on ${formatDate(d.startDate)}`}
          >
            Delete
          </button>
        </Form>
      ) : null}
    </li>
  );
}
