import { useState } from "react";
import toast from "react-hot-toast";
import { api } from "~/lib/api";
import { type Domain, type FieldErrors, errorMessage, fieldErrorsOf } from "./api-helpers";

function siteOrigin(hostname: string) {
  const { protocol, port } = window.location;
  return `${protocol}//${hostname}${port ? `:${port}` : ""}`;
}

/** Where the site lives: its path on the platform and the seller's own domains. */
export function DomainsCard({ sitePath, domains, onChange }: { sitePath: string; domains: Domain[]; onChange: (d: Domain[]) => void }) {
  const [hostname, setHostname] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const platformHost = window.location.hostname;

  async function add(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api<{ domains: Domain[]; message: string }>("/api/seller-admin/domains", { method: "POST", body: { hostname } });
      setErrors({});
      setHostname("");
      onChange(res.domains);
      toast.success("Domain added. Follow the steps below to connect it.");
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(Object.keys(fields).length ? fields : { hostname: errorMessage(error, "Failed to add the domain") });
      toast.error(errorMessage(error, "Failed to add the domain"));
    } finally {
      setBusy(false);
    }
  }

  async function remove(d: Domain) {
    if (!window.confirm(`Remove ${d.hostname}? Your website will stop answering on it.`)) return;
    try {
      const res = await api<{ domains: Domain[] }>(`/api/seller-admin/domains/${encodeURIComponent(d.id)}`, { method: "DELETE" });
      onChange(res.domains);
      toast.success("Domain removed");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to remove the domain"));
    }
  }

  return (
    <section className="card stack" aria-labelledby="links-title">
      <h2 id="links-title">Your website</h2>
      <ul className="stack" aria-label="Website addresses">
        <li>
          On Tripbazaar:{" "}
          <a href={sitePath} target="_blank" rel="noreferrer" data-testid="site-path-link">
            {window.location.origin}
            {sitePath}
          </a>
        </li>
        {domains
          .filter((d) => d.status === "active")
          .map((d) => (
            <li key={d.id}>
              Your domain:{" "}
              <a href={siteOrigin(d.hostname)} target="_blank" rel="noreferrer">
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
            <span className={`badge badge-${d.status === "active" ? "active" : "pending"}`}>
              {d.status === "active" ? "Active" : "Pending"}
            </span>
          </div>
          {d.status === "pending" ? (
            <ol className="sa-steps">
              <li>
                At your DNS provider, add a <strong>CNAME</strong> record for <code>{d.hostname}</code> pointing to{" "}
                <code>{platformHost}</code>.
              </li>
              <li>
                Add a <strong>TXT</strong> record named <code>{d.txtRecord}</code> with the value <code>{d.verificationToken}</code>.
              </li>
              <li>Our team checks both records and activates the domain, usually within one working day.</li>
            </ol>
          ) : null}
          <p>
            <button type="button" className="btn btn-outline" onClick={() => remove(d)} aria-label={`Remove ${d.hostname}`}>
              Remove
            </button>
          </p>
        </div>
      ))}
      <form className="stack" onSubmit={add} noValidate aria-label="Add a custom domain">
        <div className="field">
          <label htmlFor="hostname">Add a domain you own</label>
          <input
            id="hostname"
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
          <button type="submit" className="btn" disabled={busy || !hostname.trim()}>
            {busy ? "Adding..." : "Add domain"}
          </button>
        </p>
      </form>
    </section>
  );
}
