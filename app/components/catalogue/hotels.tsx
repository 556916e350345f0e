import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormAnswer, PackageChecks, rupeesOf } from "./answer";
import type { CatalogueAnswer } from "./catalogue-action.server";

type Room = { id: string; name: string; occupancy: number; pricePerNight: number };
type Hotel = { id: string; name: string; city: string; stars: number; image: string | null; rooms: Room[]; packageIds: string[] };
type Pkg = { id: string; name: string };

function HotelFields({ prefix, hotel }: { prefix: string; hotel?: Hotel }) {
  return (
    <div className="form-grid">
      <div className="field">
        <label htmlFor={`${prefix}-name`}>Hotel name</label>
        <input id={`${prefix}-name`} name="name" required maxLength={120} defaultValue={hotel?.name} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-city`}>City</label>
        <input id={`${prefix}-city`} name="city" required maxLength={80} defaultValue={hotel?.city} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-stars`}>Star category</label>
        <select id={`${prefix}-stars`} name="stars" defaultValue={hotel?.stars ?? 3}>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n} star{n === 1 ? "" : "s"}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-photo`}>{hotel?.image ? "Replace photo (optional)" : "Photo (optional)"}</label>
        <input id={`${prefix}-photo`} name="photo" type="file" accept="image/jpeg,image/png,image/webp" />
      </div>
    </div>
  );
}

function RoomRow({ hotelId, room }: { hotelId: string; room: Room }) {
  const answer = useActionData<CatalogueAnswer>();
  const p = `room-${room.id}`;
  return (
    <li className="catalogue-row">
      <Form method="post" encType="multipart/form-data" className="form-grid" aria-label={`Room type ${room.name}`}>
        <input type="hidden" name="id" value={room.id} />
        <input type="hidden" name="hotelId" value={hotelId} />
        <div className="field">
          <label htmlFor={`${p}-name`}>Room type</label>
          <input id={`${p}-name`} name="name" required maxLength={80} defaultValue={room.name} />
        </div>
        <div className="field">
          <label htmlFor={`${p}-occ`}>Sleeps</label>
          <input id={`${p}-occ`} name="occupancy" type="number" min={1} max={12} required defaultValue={room.occupancy} />
        </div>
        <div className="field">
          <label htmlFor={`${p}-price`}>Per night (₹)</label>
          <input id={`${p}-price`} name="pricePerNight" inputMode="decimal" required defaultValue={rupeesOf(room.pricePerNight)} />
        </div>
        <p className="row-actions">
          <button className="btn btn-outline" type="submit" name="intent" value="edit-room">
            Save room
          </button>
          <button className="btn btn-outline btn-danger" type="submit" name="intent" value="delete-room" formNoValidate>
            Remove room
          </button>
        </p>
        <FormAnswer answer={answer} intent="edit-room" target={room.id} />
        <FormAnswer answer={answer} intent="delete-room" target={room.id} />
      </Form>
    </li>
  );
}

function HotelCard({ hotel, packages }: { hotel: Hotel; packages: Pkg[] }) {
  const answer = useActionData<CatalogueAnswer>();
  const p = `hotel-${hotel.id}`;
  return (
    <section className="card stack" aria-labelledby={`${p}-title`}>
      <div className="catalogue-head">
        {hotel.image ? <img src={hotel.image} alt="" width={96} height={72} loading="lazy" /> : null}
        <div>
          <h2 id={`${p}-title`}>{hotel.name}</h2>
          <p className="muted">
            {hotel.city} · {"★".repeat(hotel.stars)} <span className="sr-only">{hotel.stars} star</span>
          </p>
        </div>
      </div>
      <details>
        <summary>Edit hotel</summary>
        <Form method="post" encType="multipart/form-data" className="stack">
          <input type="hidden" name="id" value={hotel.id} />
          <HotelFields prefix={p} hotel={hotel} />
          <p className="row-actions">
            <button className="btn" type="submit" name="intent" value="edit-hotel">
              Save hotel
            </button>
            <button className="btn btn-outline btn-danger" type="submit" name="intent" value="delete-hotel" formNoValidate>
              Delete hotel
            </button>
          </p>
        </Form>
      </details>
      <FormAnswer answer={answer} intent="edit-hotel" target={hotel.id} />
      <FormAnswer answer={answer} intent="delete-hotel" target={hotel.id} />
      <h3>Room types</h3>
      {hotel.rooms.length === 0 ? <p className="muted">No room types yet: travellers cannot choose this hotel until it has one.</p> : null}
      <ul className="plain-list stack">
        {hotel.rooms.map((r) => (
          <RoomRow key={r.id} hotelId={hotel.id} room={r} />
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" className="stack" aria-label={`Add a room type to ${hotel.name}`}>
        <input type="hidden" name="hotelId" value={hotel.id} />
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${p}-new-room`}>New room type</label>
            <input id={`${p}-new-room`} name="name" required maxLength={80} placeholder="Deluxe double" />
          </div>
          <div className="field">
            <label htmlFor={`${p}-new-occ`}>Sleeps</label>
            <input id={`${p}-new-occ`} name="occupancy" type="number" min={1} max={12} required defaultValue={2} />
          </div>
          <div className="field">
            <label htmlFor={`${p}-new-price`}>Per night (₹)</label>
            <input id={`${p}-new-price`} name="pricePerNight" inputMode="decimal" required />
          </div>
        </div>
        <p>
          <button className="btn btn-outline" type="submit" name="intent" value="add-room">
            Add room type
          </button>
        </p>
        <FormAnswer answer={answer} intent="add-room" target={hotel.id} />
      </Form>
      <Form method="post" encType="multipart/form-data" className="stack">
        <input type="hidden" name="id" value={hotel.id} />
        <PackageChecks idPrefix={`${p}-pkg`} packages={packages} checked={hotel.packageIds} />
        <p>
          <button className="btn btn-outline" type="submit" name="intent" value="hotel-packages">
            Save packages
          </button>
        </p>
        <FormAnswer answer={answer} intent="hotel-packages" target={hotel.id} />
      </Form>
    </section>
  );
}

/** The seller's hotels (issue 26): each with its room types, its photo and the packages it is offered on. */
export function HotelsScreen({ hotels, packages }: { hotels: Hotel[]; packages: Pkg[] }) {
  const answer = useActionData<CatalogueAnswer>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="stack catalogue">
      <section className="card stack" aria-labelledby="add-hotel-title">
        <h2 id="add-hotel-title">Add a hotel</h2>
        <Form method="post" encType="multipart/form-data" className="stack">
          <HotelFields prefix="new-hotel" />
          <p>
            <button className="btn" type="submit" name="intent" value="add-hotel" disabled={busy}>
              Add hotel
            </button>
          </p>
          <FormAnswer answer={answer} intent="add-hotel" />
        </Form>
      </section>
      {hotels.length === 0 ? <p className="muted">No hotels yet.</p> : null}
      {hotels.map((h) => (
        <HotelCard key={h.id} hotel={h} packages={packages} />
      ))}
      <p className="muted">Prices are per room per night; a party takes as many rooms as it needs.</p>
    </div>
  );
}
