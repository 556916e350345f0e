import type { Role } from "@db/users";
import { Form, Link, useActionData, useFetcher, useSearchParams } from "@remix-run/react";
import type { SellerRequest } from "@worker/domain/seller-requests/service";
import { useEffect, useState } from "react";
import { toast } from "~/lib/notify";
import type { ActionResult } from "~/lib/action-result";
import { issuesOf } from "~/lib/use-action-toast";

const EMPTY = { businessName: "", phone: "", city: "", about: "" };
type Field = keyof typeof EMPTY;
const LABELS: Record<Field, string> = {
  businessName: "Business name*",
  phone: "Business phone*",
  city: "City*",
  about: "About your business*",
};

function fieldErrors(result: ActionResult | undefined): Partial<Record<Field, string>> {
  return Object.fromEntries(Object.entries(issuesOf(result)).filter(([path]) => path in EMPTY));
}

/** What the page's action answers an application: a refusal carries what was typed. */
export type ApplyAnswer = ActionResult & { intent?: string; values?: typeof EMPTY };

/**
 * A customer's way to become a seller (travel agent): apply, then see the review's outcome (ADR 0015).
 * The page's loader reads the latest application; the form posts `{ intent: "apply", ... }` to the page's action,
 * with scripts or without them (then a refused form comes back with what was typed and the reasons at the fields).
 * After a rejection, Apply again asks for the page with `?apply=again`, which shows the form.
 */
export function SellerApplicationCard({ request, role }: { request: SellerRequest | null; role: Role }) {
  const fetcher = useFetcher<ActionResult>();
  const posted = useActionData<ApplyAnswer>();
  const refused = posted?.intent === "apply" && !posted.ok && !fetcher.data ? posted : undefined;
  const [params] = useSearchParams();
  const [values, setValues] = useState(refused?.values ?? EMPTY);
  const applyAgain = params.get("apply") === "again" || refused !== undefined;
  const sending = fetcher.state !== "idle";
  const result = fetcher.data ?? refused;
  const errors = sending ? {} : fieldErrors(result);
  // Once per answer: the toast, or the field errors next to the fields (and no toast for those).
  useEffect(() => {
    if (!result || fetcher.state !== "idle" || result === refused) return;
    if (result.ok) {
      toast.success(result.message);
      setValues(EMPTY);
    } else if (Object.keys(fieldErrors(result)).length === 0) {
      toast.error(result.message || "Failed to send your application");
    }
  }, [result, refused, fetcher.state]);

  // Sellers and superadmins have nothing to apply for.
  if (!request && role !== "user") return null;

  const heading = <h2 id="sell-title">Sell your tours on Tripbazaar</h2>;
  if (request?.status === "pending") {
    return (
      <section className="card stack" aria-labelledby="sell-title">
        {heading}
        <p role="status">
          Your application for <strong>{request.businessName}</strong> is under review. We will email you the result.
        </p>
      </section>
    );
  }
  if (request?.status === "approved") {
    return (
      <section className="card stack" aria-labelledby="sell-title">
        {heading}
        <p role="status">
          <strong>{request.businessName}</strong> is approved: you are a seller now.
        </p>
        <p>
          <Link className="btn" to="/seller-dashboard">
            Open seller dashboard
          </Link>
        </p>
      </section>
    );
  }
  const rejected = request?.status === "rejected";
  if (rejected && !applyAgain) {
    return (
      <section className="card stack" aria-labelledby="sell-title">
        {heading}
        <p role="status">We could not approve the application for {request.businessName}.</p>
        {request.reviewNote ? <p className="muted">Reason: {request.reviewNote}</p> : null}
        <Form method="get" preventScrollReset>
          <input type="hidden" name="apply" value="again" />
          <button type="submit" className="btn">
            Apply again
          </button>
        </Form>
      </section>
    );
  }

  const input = (f: Field, props: { type?: string; autoComplete?: string } = {}) => (
    <div className="field">
      <label htmlFor={`sell-${f}`}>{LABELS[f]}</label>
      {f === "about" ? (
        <textarea
          id={`sell-${f}`}
          name={f}
          rows={4}
          value={values[f]}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={errors[f] ? `sell-${f}-error` : undefined}
          className={errors[f] ? "input-error" : undefined}
        />
      ) : (
        <input
          id={`sell-${f}`}
          name={f}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          value={values[f]}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={errors[f] ? `sell-${f}-error` : undefined}
          className={errors[f] ? "input-error" : undefined}
        />
      )}
      {errors[f] ? (
        <span id={`sell-${f}-error`} className="error-text">
          {errors[f]}
        </span>
      ) : null}
    </div>
  );

  return (
    <section className="card stack" aria-labelledby="sell-title">
      {heading}
      <p className="muted">
        Are you a travel agent? Apply for a seller account: you get a dashboard for your packages and bookings, and your own branded
        website.
      </p>
      <fetcher.Form method="post" className="stack" noValidate>
        <input type="hidden" name="intent" value="apply" />
        <div className="form-grid">
          {input("businessName", { autoComplete: "organization" })}
          {input("phone", { type: "tel", autoComplete: "tel" })}
          {input("city", { autoComplete: "address-level2" })}
        </div>
        {input("about")}
        <p>
          <button type="submit" className="btn" disabled={sending}>
            {sending ? "Sending..." : "Apply to sell"}
          </button>
        </p>
      </fetcher.Form>
    </section>
  );
}
