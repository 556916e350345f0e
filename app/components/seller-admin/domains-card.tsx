import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ActionButton } from "~/components/action-button";
import { useActionToast } from "~/lib/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { useHydrated } from "~/lib/use-hydrated";
import { useTypedBeforeHydration } from "~/lib/use-typed-before-hydration";
import { type Domain, fieldErrorsOf } from "./form-fields";

/** The address of a host on the same scheme and port as the platform's (`origin`). */
function siteOrigin(origin: string, hostname: string) {
  const { protocol, port } = new URL(origin);
  return `${protocol}//${hostname}${port ? `:${port}` : ""}`;
}

const STATUS = {
  pending: { label: "Pending", badge: "pending" },
  verifying: { label: "Verifying", badge: "confirmed" },
  active: { label: "Active", badge: "active" },
  failed: { label: "Failed", badge: "rejected" },
} as const;

const PURPOSE = {
  routing: "Points your domain at your website",
  ownership: "Proves you own it",
  certificate: "Lets us issue its certificate",
};

/** The exact records the seller creates at their DNS provider, as Cloudflare asks for them. */
function DomainRecords({ domain }: { domain: Domain }) {
  const dns = domain.records.filter((r) => r.type !== "HTTP");
  const files = domain.records.filter((r) => r.type === "HTTP");
  return (
    <div className="stack">
      {domain.apex ? (
        <p className="muted" data-testid="apex-advice">
          {domain.hostname} is a bare domain, and most DNS providers cannot point one with a CNAME. Add{" "}
          <strong>www.{domain.hostname}</strong> instead, and ask your DNS provider to forward {domain.hostname} to it.
        </p>
      ) : null}
      <p>At your DNS provider, create these records:</p>
      <ul className="sa-records" aria-label={`DNS records for ${domain.hostname}`}>
        {dns.map((r) => (
          <li key={`${r.type} ${r.name} ${r.value}`} data-testid="dns-record">
            <strong>{r.type}</strong> <code>{r.name}</code> → <code>{r.value}</code>
            <span className="muted"> · {PURPOSE[r.purpose]}</span>
          </li>
        ))}
        {files.map((r) => (
          <li key={`${r.name} ${r.value}`} data-testid="dns-record">
            <strong>File</strong> <code>{r.name}</code> containing <code>{r.value}</code>
            <span className="muted"> · {PURPOSE[r.purpose]}</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        {domain.automatic
          ? "We check these records every 15 minutes and put your website live as soon as Cloudflare sees them and has issued its certificate; we email you then. DNS changes can take a few hours to be seen."
          : "Our team checks both records and activates the domain, usually within one working day."}
      </p>
    </div>
  );
}

/**
 * Where the site lives: its path on the platform and the seller's own domains. Adding and removing are forms
 * posting to the website page's action ("addDomain", "checkDomain", "removeDomain"), scripts or not; the list is the page's data.
 */
export function DomainsCard({ origin, sitePath, domains }: { origin: string; sitePath: string; domains: Domain[] }) {
  const [hostname, setHostname] = useState("");
  const adder = useFetcher<ActionResult>();
  const added = useActionToast(adder, "Failed to add the domain");
  const remover = useFetcher<ActionResult>();
  const checker = useFetcher<ActionResult>();
  useActionToast(checker, "Failed to check the domain");
  const checking = checker.state === "idle" ? null : String(checker.formData?.get("id") ?? "");
  useActionToast(remover, "Failed to remove the domain");
  const busy = adder.state !== "idle";
  const hydrated = useHydrated();
  const addForm = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(addForm, { hostname: setHostname });

  const fields = fieldErrorsOf(added);
  const errors =
    added && !added.ok && Object.keys(fields).length === 0 ? { hostname: added.message || "Failed to add the domain" } : fields;

  useEffect(() => {
    if (adder.state === "idle" && added?.ok) setHostname("");
  }, [adder.state, added]);

  return (
    <section className="card stack" aria-labelledby="links-title">
      <h2 id="links-title">Your website</h2>
      <ul className="stack" aria-label="Website addresses">
        <li>
          On Tripbazaar:{" "}
          <a href={sitePath} target="_blank" rel="noreferrer" data-testid="site-path-link">
            {origin}
            {sitePath}
          </a>
        </li>
        {domains
          .filter((d) => d.status === "active")
          .map((d) => (
            <li key={d.id}>
              Your domain:{" "}
              <a href={siteOrigin(origin, d.hostname)} target="_blank" rel="noreferrer">
                {d.hostname}
              </a>
            </li>
          ))}
      </ul>

      <h3>Custom domains</h3>
      {domains.length === 0 ? <p className="muted">No custom domains yet.</p> : null}
      {domains.map((d) => (
        <div key={d.id} className="sa-domain" data-testid="domain">
          <div className="sa-head">
            <strong>{d.hostname}</strong>
            <span className={`badge badge-${STATUS[d.status].badge}`} data-testid="domain-status">
              {STATUS[d.status].label}
            </span>
          </div>
          {d.status === "failed" && d.failureReason ? (
            <p className="error-text" data-testid="domain-failure">
              {d.failureReason}
            </p>
          ) : null}
          {d.status !== "active" && !d.heldByAdmin ? <DomainRecords domain={d} /> : null}
          {d.status !== "active" && !d.heldByAdmin && d.automatic ? (
            <div>
              <ActionButton
                fetcher={checker}
                fields={{ intent: "checkDomain", id: d.id }}
                className="btn"
                disabled={checking !== null}
                aria-label={`Check now: ${d.hostname}`}
              >
                {checking === d.id ? "Checking..." : "Check now"}
              </ActionButton>
            </div>
          ) : null}
          {/* A div, not a p: a form cannot sit inside a paragraph. */}
          <div>
            <ActionButton
              fetcher={remover}
              fields={{ intent: "removeDomain", id: d.id }}
              confirm={{
                title: `Remove ${d.hostname}?`,
                body: <p>Your website will stop answering on {d.hostname}. To use it again you add it and verify its records anew.</p>,
                confirmLabel: "Remove domain",
                danger: true,
              }}
              className="btn btn-outline"
              aria-label={`Remove ${d.hostname}`}
            >
              Remove
            </ActionButton>
          </div>
        </div>
      ))}
      <adder.Form ref={addForm} method="post" className="stack" noValidate aria-label="Add a custom domain">
        <input type="hidden" name="intent" value="addDomain" />
        <div className="field">
          <label htmlFor="hostname">Add a domain you own</label>
          <input
            id="hostname"
            name="hostname"
            value={hostname}
            placeholder="trips.example.com"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setHostname(e.target.value)}
            aria-invalid={errors.hostname ? true : undefined}
            aria-describedby={errors.hostname ? "hostname-error" : undefined}
            className={errors.hostname ? "input-error" : undefined}
          />
          {errors.hostname ? (
            <p id="hostname-error" className="error-text">
              {errors.hostname}
            </p>
          ) : null}
        </div>
        <p>
          {/* Before scripts run nothing can enable it again, so it waits for a hostname only once they do. */}
          <button type="submit" className="btn" disabled={busy || (hydrated && !hostname.trim())}>
            {busy ? "Adding..." : "Add domain"}
          </button>
        </p>
      </adder.Form>
    </section>
  );
}
