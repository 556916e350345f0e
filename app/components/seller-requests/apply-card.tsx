import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useApiData } from "~/components/bookings/use-api-data";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { ApiRequestError, api, errorMessage } from "~/lib/api";
import { getStoredUser, updateSession } from "~/lib/auth-storage";
import type { SellerRequest } from "./types";

const EMPTY = { businessName: "", phone: "", city: "", about: "" };
type Field = keyof typeof EMPTY;
const LABELS: Record<Field, string> = {
  businessName: "Business name*",
  phone: "Business phone*",
  city: "City*",
  about: "About your business*",
};

function fieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiRequestError) || !error.body || typeof error.body !== "object") return {};
  const issues = (error.body as { issues?: { path: string; message: string }[] }).issues ?? [];
  return Object.fromEntries(issues.filter((i) => i.path in EMPTY).map((i) => [i.path, i.message]));
}

/** A customer's way to become a seller (travel agent): apply, then see the review's outcome (ADR 0015). */
export function SellerApplicationCard() {
  const { state, reload } = useApiData<{ request: SellerRequest | null }>("/api/seller-requests/mine", "Failed to load your application");
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [applyAgain, setApplyAgain] = useState(false);
  const approved = state.status === "ready" && state.data.request?.status === "approved";
  // The stored user record still says "user" after approval; menus read it, so it follows the server.
  useEffect(() => {
    if (approved && getStoredUser()?.role === "user") updateSession({ user: { role: "seller" } });
  }, [approved]);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    setErrors({});
    try {
      await api("/api/seller-requests", { method: "POST", body: values });
      toast.success("Application sent");
      setValues(EMPTY);
      setApplyAgain(false);
      reload();
    } catch (error) {
      const found = fieldErrors(error);
      setErrors(found);
      if (!Object.keys(found).length) toast.error(errorMessage(error, "Failed to send your application"));
    } finally {
      setSending(false);
    }
  }

  if (state.status === "loading") return <LoadingCard label="Loading..." />;
  if (state.status === "error") return <LoadErrorCard message={state.message} onRetry={reload} />;
  const request = state.data.request;
  // Sellers and superadmins have nothing to apply for.
  if (!request && getStoredUser()?.role !== "user") return null;

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
          <button type="button" className="btn" onClick={() => setApplyAgain(true)}>
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
          <button type="submit" className="btn" disabled={sending}>
            {sending ? "Sending..." : "Apply to sell"}
          </button>
        </p>
      </form>
    </section>
  );
}
