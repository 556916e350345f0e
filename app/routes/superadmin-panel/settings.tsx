import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readPlatformSettings } from "@worker/domain/platform/settings";
import { settingsBody, settingsSaved, updatePlatformSettings } from "@worker/domain/platform/settings-admin";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { fieldErrorsOf } from "~/components/seller-admin/form-fields";
import { adminActor } from "~/lib/admin-actor.server";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Settings · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The platform's rules, read beside the session check (one D1 round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ settings: await readPlatformSettings(context) }));
}

/** The same schema and service as PUT /api/superadmin/settings; the change and its audit entry in one batch. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const input = settingsBody.parse(await actionInput(request));
    const { changed } = await updatePlatformSettings(context.db, adminActor(request, admin), input, context.now);
    return settingsSaved(changed);
  });
}

type NumberField = {
  name: "discountPercent" | "bookingFeePercent" | "maxTravellers" | "childrenDiscountPercent" | "studentDiscountPercent";
  label: string;
  hint: string;
  max: number;
  min: number;
  unit: string;
};

const FIELDS: NumberField[] = [
  { name: "discountPercent", label: "Discount", hint: "Off the package price, on every booking (0–90).", min: 0, max: 90, unit: "%" },
  {
    name: "bookingFeePercent",
    label: "Booking fee",
    hint: "Including GST, a share of the package price after discount (0–50).",
    min: 0,
    max: 50,
    unit: "%",
  },
  { name: "maxTravellers", label: "Maximum travellers", hint: "Per booking (1–50).", min: 1, max: 50, unit: "travellers" },
  {
    name: "childrenDiscountPercent",
    label: "Children's discount",
    hint: "Off a child's per-person price (0–100).",
    min: 0,
    max: 100,
    unit: "%",
  },
  {
    name: "studentDiscountPercent",
    label: "Student discount",
    hint: "For verified students, on packages whose seller opts in (0–90).",
    min: 0,
    max: 90,
    unit: "%",
  },
];

/**
 * The platform's rules (spec §9's constants): a plain form that works without scripts. Pricing uses a change from the
 * next request; bookings already made keep the figures they were priced with. Every change is in the audit log.
 */
export default function Page() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const errors = fieldErrorsOf(answer);
  // After a save the form starts again from the stored figures; after a refusal it keeps what was typed.
  const formKey = answer?.ok ? JSON.stringify(settings) : "form";
  return (
    <main id="main" className="dash-main">
      <h1>Settings</h1>
      <p className="muted">
        The platform's rules. A change applies to prices from the next request; bookings already made keep the figures they were priced
        with. Every change is recorded in the <a href="/superadmin-panel/audit">audit log</a> with its before and after.
      </p>
      <FormAnswer answer={answer} failure="Failed to save the settings" />
      <Form method="post" className="card stack" key={formKey} aria-label="Platform settings" noValidate>
        {FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`s-${f.name}`}>
              {f.label} ({f.unit})
            </label>
            <input
              id={`s-${f.name}`}
              name={f.name}
              type="number"
              inputMode="numeric"
              min={f.min}
              max={f.max}
              step={1}
              required
              defaultValue={settings[f.name]}
              aria-describedby={`s-${f.name}-hint${errors[f.name] ? ` s-${f.name}-error` : ""}`}
              aria-invalid={errors[f.name] ? true : undefined}
            />
            <span id={`s-${f.name}-hint`} className="muted">
              {f.hint}
            </span>
            {errors[f.name] ? (
              <span id={`s-${f.name}-error`} className="error-text">
                {errors[f.name]}
              </span>
            ) : null}
          </div>
        ))}
        <div className="field">
          <label className="row" htmlFor="s-packagesNeedApproval">
            <input id="s-packagesNeedApproval" name="packagesNeedApproval" type="checkbox" defaultChecked={settings.packagesNeedApproval} />
            New packages need approval
          </label>
          <span className="muted">On: a seller's new package waits for the operator's approval before anyone sees it.</span>
        </div>
        <div className="row">
          <button type="submit" className="btn" disabled={saving}>
            {saving ? "Saving..." : "Save settings"}
          </button>
        </div>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
