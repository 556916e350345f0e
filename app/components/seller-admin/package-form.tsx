import { useState } from "react";
import { Link, useActionData } from "@remix-run/react";
import type { ActionResult } from "~/lib/action-result";
import { useHydrated } from "~/lib/use-hydrated";
import type { FieldErrors, SellerPackage } from "./form-fields";
import { FormAnswer } from "../form-answer";
import { ImageField, UploadButton } from "./upload-button";
import type { PackageTour } from "@worker/domain/catalogue/package-tour";
import { type TourDraft, TourFields, type TourValues, tourDraftOf, tourDraftOfForm, tourValuesOf } from "./package-tour-fields";
import "~/styles/seller-admin.css";

export type PackageValues = {
  name: string;
  city: string;
  description: string;
  durationDays: number;
  images: string[];
  priceRanges: { label: string; price: number }[];
  inclusions: string[];
  exclusions: string[];
  /** Hotels, meal plans, add-ons and itinerary (issue 26); absent, a save leaves them as they are. */
  tour?: TourValues;
  studentDiscount: boolean;
};

/** The form as typed: what a page without scripts sends back, and what a refusal fills the form with again. */
export type PackageDraft = {
  name: string;
  city: string;
  description: string;
  durationDays: string;
  images: string[];
  prices: { label: string; rupees: string }[];
  inclusions: string;
  exclusions: string;
  tour?: TourDraft;
  studentDiscount: boolean;
};

type Draft = PackageDraft;

/** The package page's answer: a refusal of a form sent without scripts carries what was typed (and uploaded). */
export type PackageAnswer = ActionResult & { values?: PackageDraft };

/** The file field of "Upload image" in a form sent without scripts (the page's action stores it first). */
export const NEW_IMAGE_FIELD = "imageFile";

function draftOf(p?: SellerPackage, tour?: PackageTour): Draft {
  return {
    tour: tour ? tourDraftOf(tour.chosen) : undefined,
    name: p?.name ?? "",
    city: p?.city ?? "",
    description: p?.description ?? "",
    durationDays: p ? String(p.durationDays) : "",
    images: p?.images ?? [],
    prices: p?.priceRanges.map((r) => ({ label: r.label, rupees: String(r.price / 100) })) ?? [{ label: "Per person", rupees: "" }],
    inclusions: p?.inclusions.join("\n") ?? "",
    exclusions: p?.exclusions.join("\n") ?? "",
    studentDiscount: p?.studentDiscount ?? false,
  };
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Rupees typed by the seller become integer paise; anything unreadable goes as null and the server names it. */
const toPaise = (rupees: string) => (rupees.trim() === "" || Number.isNaN(Number(rupees)) ? null : Math.round(Number(rupees) * 100));

/**
 * The draft of a form sent without scripts (its fields' names below). A price row left entirely blank is
 * dropped: without scripts, clearing it is the only way to remove it.
 */
export function draftOfForm(form: FormData): Draft {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const prices: Draft["prices"] = [];
  for (let i = 0; form.has(`priceRanges.${i}.label`) || form.has(`priceRanges.${i}.price`); i++) {
    const row = { label: text(`priceRanges.${i}.label`), rupees: text(`priceRanges.${i}.price`) };
    if (row.label.trim() || row.rupees.trim()) prices.push(row);
  }
  return {
    name: text("name"),
    city: text("city"),
    description: text("description"),
    durationDays: text("durationDays"),
    images: form.getAll("images").filter((v): v is string => typeof v === "string"),
    prices,
    inclusions: text("inclusions"),
    exclusions: text("exclusions"),
    tour: tourDraftOfForm(form),
    studentDiscount: form.get("studentDiscount") === "on",
  };
}

export function valuesOf(d: Draft): PackageValues {
  return {
    name: d.name,
    city: d.city,
    description: d.description,
    durationDays: d.durationDays.trim() === "" ? (null as never) : Number(d.durationDays),
    images: d.images.map((i) => i.trim()).filter(Boolean),
    priceRanges: d.prices.map((p) => ({ label: p.label, price: toPaise(p.rupees) as number })),
    inclusions: lines(d.inclusions),
    exclusions: lines(d.exclusions),
    ...(d.tour ? { tour: tourValuesOf(d.tour) } : {}),
    studentDiscount: d.studentDiscount,
  };
}

function Err({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="error-text">
      {message}
    </p>
  ) : null;
}

/**
 * The package's fields; `busy` while the page's action saves what `onSubmit` was given. With scripts the form
 * hands its values to `onSubmit` (the page's fetcher); without them it posts itself to the page's action as
 * multipart, "Upload image" a plain file input, and a refusal renders the page again with what was typed.
 */
export function PackageForm(props: {
  initial?: SellerPackage;
  submitLabel: string;
  errors: FieldErrors;
  busy: boolean;
  onSubmit: (values: PackageValues) => void;
  /** Fields the form sends as they are (the add page's idempotency key). */
  hidden?: Record<string, string>;
  /** The seller's hotels and add-ons, and what this package has chosen (issue 26). */
  tour?: PackageTour;
}) {
  const answered = useActionData<PackageAnswer>();
  const hydrated = useHydrated();
  const [d, setD] = useState<Draft>(() => answered?.values ?? draftOf(props.initial, props.tour));
  const { busy, errors: e } = props;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((cur) => ({ ...cur, [key]: value }));
  const invalid = (key: string) => (e[key] ? { "aria-invalid": true, "aria-describedby": `${key}-error`, className: "input-error" } : {});

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    props.onSubmit(valuesOf(d));
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="card stack sa-form"
      onSubmit={submit}
      noValidate
      aria-label="Package details"
    >
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="sa-grid">
        <div className="field">
          <label htmlFor="name">Package name</label>
          <input id="name" name="name" value={d.name} onChange={(x) => set("name", x.target.value)} {...invalid("name")} />
          <Err id="name-error" message={e.name} />
        </div>
        <div className="field">
          <label htmlFor="city">City</label>
          <input id="city" name="city" value={d.city} onChange={(x) => set("city", x.target.value)} {...invalid("city")} />
          <Err id="city-error" message={e.city} />
        </div>
        <div className="field">
          <label htmlFor="durationDays">Duration (days)</label>
          <input
            id="durationDays"
            name="durationDays"
            type="number"
            min={1}
            max={60}
            inputMode="numeric"
            value={d.durationDays}
            onChange={(x) => set("durationDays", x.target.value)}
            {...invalid("durationDays")}
          />
          <Err id="durationDays-error" message={e.durationDays} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="description">Description</label>
        <textarea
          id="description"
          name="description"
          rows={5}
          value={d.description}
          onChange={(x) => set("description", x.target.value)}
          {...invalid("description")}
        />
        <Err id="description-error" message={e.description} />
      </div>

      <fieldset className="sa-fieldset">
        <legend>Images</legend>
        <p className="muted sa-hint">The first image is the large one on your website. Up to 10.</p>
        {d.images.map((url, i) => (
          <div className="sa-list-row" key={i}>
            <ImageField
              id={`images.${i}`}
              name="images"
              label={`Image ${i + 1}`}
              value={url}
              error={e[`images.${i}`]}
              onChange={(v) =>
                set(
                  "images",
                  d.images.map((x, j) => (j === i ? v : x)),
                )
              }
            />
            {hydrated ? (
              <RemoveRow
                label={`Remove image ${i + 1}`}
                onRemove={() =>
                  set(
                    "images",
                    d.images.filter((_, j) => j !== i),
                  )
                }
              />
            ) : null}
          </div>
        ))}
        <Err id="images-error" message={e.images && !Object.keys(e).some((k) => k.startsWith("images.")) ? e.images : undefined} />
        <div className="row">
          <UploadButton label="Upload image" fileField={NEW_IMAGE_FIELD} onUploaded={(url) => set("images", [...d.images, url])} />
          {hydrated ? (
            <button type="button" className="btn btn-outline" onClick={() => set("images", [...d.images, ""])}>
              Add image link
            </button>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="sa-fieldset">
        <legend>Price ranges</legend>
        <p className="muted sa-hint">
          In rupees. The first one is shown as the package price; with none, your site says "Call or Contact for price".
        </p>
        {d.prices.map((p, i) => (
          <div className="sa-price-row" key={i}>
            <div className="field">
              <label htmlFor={`priceRanges.${i}.label`}>Label {i + 1}</label>
              <input
                id={`priceRanges.${i}.label`}
                name={`priceRanges.${i}.label`}
                value={p.label}
                onChange={(x) =>
                  set(
                    "prices",
                    d.prices.map((q, j) => (j === i ? { ...q, label: x.target.value } : q)),
                  )
                }
                {...invalid(`priceRanges.${i}.label`)}
              />
              <Err id={`priceRanges.${i}.label-error`} message={e[`priceRanges.${i}.label`]} />
            </div>
            <div className="field">
              <label htmlFor={`priceRanges.${i}.price`}>Price {i + 1} (₹)</label>
              <input
                id={`priceRanges.${i}.price`}
                name={`priceRanges.${i}.price`}
                type="number"
                min={1}
                step="0.01"
                inputMode="decimal"
                value={p.rupees}
                onChange={(x) =>
                  set(
                    "prices",
                    d.prices.map((q, j) => (j === i ? { ...q, rupees: x.target.value } : q)),
                  )
                }
                {...invalid(`priceRanges.${i}.price`)}
              />
              <Err id={`priceRanges.${i}.price-error`} message={e[`priceRanges.${i}.price`]} />
            </div>
            {hydrated ? (
              <RemoveRow
                label={`Remove price ${i + 1}`}
                onRemove={() =>
                  set(
                    "prices",
                    d.prices.filter((_, j) => j !== i),
                  )
                }
              />
            ) : null}
          </div>
        ))}
        <Err
          id="priceRanges-error"
          message={e.priceRanges && !Object.keys(e).some((k) => k.startsWith("priceRanges.")) ? e.priceRanges : undefined}
        />
        {hydrated ? (
          <p>
            <button type="button" className="btn btn-outline" onClick={() => set("prices", [...d.prices, { label: "", rupees: "" }])}>
              Add price range
            </button>
          </p>
        ) : (
          <p className="muted sa-hint">Clear a price range's label and price to remove it.</p>
        )}
      </fieldset>

      <div className="sa-grid sa-grid-2">
        {(["inclusions", "exclusions"] as const).map((key) => (
          <div className="field" key={key}>
            <label htmlFor={key}>{key === "inclusions" ? "Inclusions" : "Exclusions"} (one per line)</label>
            <textarea id={key} name={key} rows={6} value={d[key]} onChange={(x) => set(key, x.target.value)} {...invalid(key)} />
            <Err id={`${key}-error`} message={e[key]} />
          </div>
        ))}
      </div>

      {props.tour && d.tour ? (
        <TourFields offered={props.tour} value={d.tour} onChange={(tour) => set("tour", tour)} hydrated={hydrated} errors={e} />
      ) : null}
      <div className="field">
        <label className="row" htmlFor="studentDiscount">
          <input
            id="studentDiscount"
            name="studentDiscount"
            type="checkbox"
            checked={d.studentDiscount}
            onChange={(x) => set("studentDiscount", x.target.checked)}
            aria-describedby="studentDiscount-hint"
          />
          Student discount
        </label>
        <p id="studentDiscount-hint" className="muted sa-hint">
          Verified students get the platform's student discount on this package, shown as its own line in the price.
        </p>
      </div>

      <FormAnswer answer={answered?.ok ? undefined : answered} failure="Failed to save the package" />
      <div className="row">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Saving..." : props.submitLabel}
        </button>
        <Link to="/seller-dashboard/packages" className="btn btn-outline">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** A list row's Remove button (with scripts; without them a row is removed by clearing it). */
function RemoveRow({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button type="button" className="btn btn-outline" onClick={onRemove}>
      {label}
    </button>
  );
}
