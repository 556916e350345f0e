import { useActionData, useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useActionToast } from "~/lib/use-action-toast";
import { SLUG_MAX, SLUG_MIN } from "@worker/shared/slug";
import { FormAnswer } from "../form-answer";
import { TextField } from "../auth/password-input";
import type { SiteAddressActionData } from "./site-address.server";

export type SiteAddress = { sitePath: string; changedFrom: string | null; canChange: boolean };

const FAILED = "Failed to change the website address";

/**
 * Website address (ADR 0040): where the seller's site lives on Tripbazaar, `/seller/{slug}/website`. It can be
 * changed once; the old address then leads to the new one for good. A form post (`intent=slug`) to the page's
 * action, with scripts or without them.
 */
export function SiteAddressCard({ address }: { address: SiteAddress }) {
  const fetcher = useFetcher<SiteAddressActionData>();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher, FAILED);
  const posted = useActionData<SiteAddressActionData>();
  const answered = posted?.intent === "slug" && !fetcher.data ? posted : undefined;
  const latest = fetcher.data ?? answered;
  // The first reason is the one to fix first ("-camps" breaks the hyphen rules once, not twice).
  const error = latest && !latest.ok ? latest.issues?.find((i) => i.path === "slug")?.message : undefined;
  const hintId = useId();
  const errorId = useId();
  return (
    <section className="card stack" aria-labelledby="site-address-heading">
      <h2 id="site-address-heading">Website address</h2>
      <p>
        Your website is at{" "}
        <a href={address.sitePath} data-testid="site-address">
          {address.sitePath}
        </a>
      </p>
      {address.canChange ? (
        <fetcher.Form method="post" className="stack">
          <input type="hidden" name="intent" value="slug" />
          <TextField
            label="New address"
            name="slug"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            minLength={SLUG_MIN}
            maxLength={SLUG_MAX}
            required
            defaultValue={answered?.values?.slug ?? ""}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
          />
          <p id={hintId} className="muted">
            {SLUG_MIN}–{SLUG_MAX} characters: lowercase letters, digits and hyphens (not at the start or end). You can change it only once;
            the old address will keep working and lead to the new one.
          </p>
          {error ? (
            <p id={errorId} className="error-text">
              {error}
            </p>
          ) : null}
          {error ? null : <FormAnswer answer={answered} failure={FAILED} />}
          <div>
            <button type="submit" className="btn" disabled={saving}>
              {saving ? "Changing..." : "Change address"}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <>
          <FormAnswer answer={answered} failure={FAILED} />
          <p className="muted" data-testid="site-address-changed">
            You have changed your address once (it was <code>/seller/{address.changedFrom}/website</code>, which now leads here). It cannot
            be changed again.
          </p>
        </>
      )}
    </section>
  );
}
