import type { Role } from "@db/users";
import { Link, useFetcher } from "@remix-run/react";
import type { SellerRequest } from "@worker/domain/seller-requests/service";
import { useEffect, useState } from "react";
import { toast } from "~/lib/notify";
import type { ActionResult } from "~/lib/action-result";
import { issuesOf } from "~/lib/use-action-toast";
import { useHydrated } from "~/lib/use-hydrated";

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

/**
 * A customer's way to become a seller (travel agent): apply, then see the review's outcome (ADR 0015).
 * The page's loader reads the latest application; the form posts `{ intent: "apply", ... }` to the page's action.
 */
export function SellerApplicationCard({ request, role }: { request: SellerRequest | null; role: Role }) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const [values, setValues] = useState(EMPTY);
  const [applyAgain, setApplyAgain] = useState(false);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors = sending ? {} : fieldErrors(result);
  // Once per answer: the toast, or the field errors next to the fields (and no toast for those).
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      toast.success(result.message);
      setValues(EMPTY);
      setApplyAgain(false);
    } else if (Object.keys(fieldErrors(result)).length === 0) {
      toast.error(result.message || "Failed to send your application");
    }
  }, [result, fetcher.state]);

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    fetcher.submit({ intent: "apply", ...values }, { method: "post" });
  }

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
        <p>
          <button type="button" className="btn" disabled={!hydrated} onClick={() => setApplyAgain(true)}>
            Apply again
          </button>
        </p>
      </section>
    );
  }

  const input = (f: Field, props: { type?: string; autoComplete?: string } = {}) => (
    <div className="field">
      <label htmlFor={`sell-${f}`}>{LABELS[f]}</label>
      {f === "about" ? (
        <textarea
          id={`sell-${f}`}
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
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          {input("businessName", { autoComplete: "organization" })}
          {input("phone", { type: "tel", autoComplete: "tel" })}
          {input("city", { autoComplete: "address-level2" })}
        </div>
        {input("about")}
        <p>
          <button type="submit" className="btn" disabled={!hydrated || sending}>
            {sending ? "Sending..." : "Apply to sell"}
          </button>
        </p>
      </form>
    </section>
  );
}
