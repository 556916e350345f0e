import { Form, useActionData } from "@remix-run/react";
import { ADDON_UNIT_LABELS } from "@worker/domain/catalogue/labels";
import { FormAnswer, PackageChecks, rupeesOf } from "./answer";
import type { CatalogueAnswer } from "./catalogue-action.server";

type Addon = {
  id: string;
  name: string;
  description: string;
  price: number;
  unit: "person" | "booking" | "night";
  maxQuantity: number;
  packageIds: string[];
};

function AddonFields({ prefix, addon }: { prefix: string; addon?: Addon }) {
  return (
    <div className="form-grid">
      <div className="field">
        <label htmlFor={`${prefix}-name`}>Add-on name</label>
        <input id={`${prefix}-name`} name="name" required maxLength={100} defaultValue={addon?.name} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-price`}>Price (₹)</label>
        <input id={`${prefix}-price`} name="price" inputMode="decimal" required defaultValue={addon ? rupeesOf(addon.price) : ""} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-unit`}>Charged</label>
        <select id={`${prefix}-unit`} name="unit" defaultValue={addon?.unit ?? "person"}>
          {Object.entries(ADDON_UNIT_LABELS).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-max`}>Maximum quantity</label>
        <input id={`${prefix}-max`} name="maxQuantity" type="number" min={1} max={20} required defaultValue={addon?.maxQuantity ?? 1} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-desc`}>Description</label>
        <textarea id={`${prefix}-desc`} name="description" rows={2} maxLength={500} defaultValue={addon?.description} />
      </div>
    </div>
  );
}

/** The seller's add-ons: add one, and for each its details and the packages it is offered on. */
export function AddonsSection({ addons, packages }: { addons: Addon[]; packages: { id: string; name: string }[] }) {
  const answer = useActionData<CatalogueAnswer>();
  return (
    <section className="stack" aria-labelledby="addons-title">
      <h2 id="addons-title">Add-ons</h2>
      <Form method="post" encType="multipart/form-data" className="card stack" aria-label="Add an add-on">
        <AddonFields prefix="new-addon" />
        <p>
          <button className="btn" type="submit" name="intent" value="add-addon">
            Add add-on
          </button>
        </p>
        <FormAnswer answer={answer} intent="add-addon" />
      </Form>
      {addons.map((a) => (
        <div key={a.id} className="card stack">
          <h3>{a.name}</h3>
          <Form method="post" encType="multipart/form-data" className="stack" aria-label={`Edit ${a.name}`}>
            <input type="hidden" name="id" value={a.id} />
            <AddonFields prefix={`addon-${a.id}`} addon={a} />
            <PackageChecks idPrefix={`addon-${a.id}-pkg`} packages={packages} checked={a.packageIds} />
            <p className="row-actions">
              <button className="btn" type="submit" name="intent" value="edit-addon">
                Save add-on
              </button>
              <button className="btn btn-outline btn-danger" type="submit" name="intent" value="delete-addon" formNoValidate>
                Delete add-on
              </button>
            </p>
            <FormAnswer answer={answer} intent="edit-addon" target={a.id} />
            <FormAnswer answer={answer} intent="delete-addon" target={a.id} />
          </Form>
        </div>
      ))}
    </section>
  );
}
