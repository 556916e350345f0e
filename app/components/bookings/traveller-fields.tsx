export type TravellerDraft = { title: string; fullName: string; age: string; gender: string };

export const emptyTraveller = (type: "adult" | "child"): TravellerDraft => ({
  title: type === "adult" ? "Mr" : "Master",
  fullName: "",
  age: "",
  gender: "",
});

const TITLES = ["Mr", "Mrs", "Ms", "Miss", "Master", "Dr"];

/** One traveller's details; ids are unique per position so labels stay associated. */
export function TravellerFields({
  index,
  type,
  value,
  onChange,
}: {
  index: number;
  type: "adult" | "child";
  value: TravellerDraft;
  onChange: (next: TravellerDraft) => void;
}) {
  const id = (f: string) => `traveller-${index}-${f}`;
  // Posted as `travellers.{index}.{field}` (trip-fields.ts).
  const name = (f: keyof TravellerDraft) => `travellers.${index}.${f}`;
  const set = (f: keyof TravellerDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, [f]: e.target.value });
  return (
    <fieldset className="traveller-fieldset">
      <legend>
        Traveller {index + 1} ({type === "adult" ? "adult" : "child"})
      </legend>
      <div className="field">
        <label htmlFor={id("title")}>Title</label>
        <select id={id("title")} name={name("title")} value={value.title} onChange={set("title")} required>
          {TITLES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id("name")}>Full name</label>
        <input
          id={id("name")}
          name={name("fullName")}
          value={value.fullName}
          onChange={set("fullName")}
          required
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label htmlFor={id("age")}>Age</label>
        <input
          id={id("age")}
          name={name("age")}
          type="number"
          inputMode="numeric"
          min={0}
          max={type === "child" ? 17 : 120}
          value={value.age}
          onChange={set("age")}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={id("gender")}>Gender</label>
        <select id={id("gender")} name={name("gender")} value={value.gender} onChange={set("gender")} required>
          <option value="">Choose</option>
          <option value="female">Female</option>
          <option value="male">Male</option>
          <option value="other">Other</option>
        </select>
      </div>
    </fieldset>
  );
}
