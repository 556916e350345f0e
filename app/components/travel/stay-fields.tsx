/** The stay's fields, shared by the hotel search and the hotel page (GET forms: the search stays in the address). */
export type StayValues = { checkIn: string; checkOut: string; roomCount: number; adults: number; ages: number[] };

export function StayFields({ values, idPrefix }: { values: StayValues; idPrefix: string }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <div className="field">
        <label htmlFor={id("in")}>Check-in</label>
        <input id={id("in")} name="checkIn" type="date" defaultValue={values.checkIn} required />
      </div>
      <div className="field">
        <label htmlFor={id("out")}>Check-out</label>
        <input id={id("out")} name="checkOut" type="date" defaultValue={values.checkOut} required />
      </div>
      <div className="field">
        <label htmlFor={id("rooms")}>Rooms</label>
        <select id={id("rooms")} name="rooms" defaultValue={String(values.roomCount)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id("adults")}>Adults a room</label>
        <select id={id("adults")} name="adults" defaultValue={String(values.adults)}>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {[0, 1, 2].map((i) => (
        <div className="field" key={i}>
          <label htmlFor={id(`age${i}`)}>Child {i + 1} age</label>
          <select id={id(`age${i}`)} name="age" defaultValue={values.ages[i] === undefined ? "" : String(values.ages[i])}>
            <option value="">No child</option>
            {Array.from({ length: 18 }, (_, age) => (
              <option key={age} value={age}>
                {age === 0 ? "Under 1" : age}
              </option>
            ))}
          </select>
        </div>
      ))}
    </>
  );
}

export const stayQuery = (v: StayValues) => {
  const p = new URLSearchParams({ checkIn: v.checkIn, checkOut: v.checkOut, rooms: String(v.roomCount), adults: String(v.adults) });
  for (const age of v.ages) p.append("age", String(age));
  return p;
};
