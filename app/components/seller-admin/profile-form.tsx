import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToast } from "~/lib/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { type SiteSettings, fieldErrorsOf } from "./api-helpers";
import { ImageField } from "./upload-button";

type Profile = { logo: string; backgroundImage: string; bio: string; phone: string; address: string };

const profileOf = (s: SiteSettings["seller"]): Profile => ({
  logo: s.logo ?? "",
  backgroundImage: s.backgroundImage ?? "",
  bio: s.bio ?? "",
  phone: s.phone ?? "",
  address: s.address ?? "",
});

/**
 * The seller's public profile: what the site's footer, about and contact pages show. Saved by the website page's
 * action ("profile"): with scripts as JSON by the page, before them or without them as the form's own post.
 */
export function ProfileForm({ seller }: { seller: SiteSettings["seller"] }) {
  const [p, setP] = useState<Profile>(() => profileOf(seller));
  const fetcher = useFetcher<ActionResult>();
  const errors = fieldErrorsOf(useActionToast(fetcher, "Failed to save the profile"));
  const busy = fetcher.state !== "idle";
  const set = (key: keyof Profile, value: string) => setP((cur) => ({ ...cur, [key]: value }));

  function save(e: React.FormEvent) {
    e.preventDefault();
    // An empty image field clears the image (null); "" is not an image path.
    const images = { logo: p.logo.trim() || null, backgroundImage: p.backgroundImage.trim() || null };
    fetcher.submit({ intent: "profile", ...p, ...images }, { method: "post", encType: "application/json" });
  }

  const text = (key: "phone" | "address", label: string, type = "text") => (
    <div className="field">
      <label htmlFor={key}>{label}</label>
      <input
        id={key}
        name={key}
        type={type}
        value={p[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        className={errors[key] ? "input-error" : undefined}
      />
      {errors[key] ? <p className="error-text">{errors[key]}</p> : null}
    </div>
  );

  return (
    <fetcher.Form method="post" className="card stack" onSubmit={save} noValidate aria-labelledby="profile-title">
      <input type="hidden" name="intent" value="profile" />
      <h2 id="profile-title">Public profile</h2>
      <p className="muted sa-hint">
        Shown as {seller.name} ({seller.email}) on your website.
      </p>
      <ImageField id="logo" label="Logo" value={p.logo} error={errors.logo} onChange={(v) => set("logo", v)} />
      <ImageField
        id="backgroundImage"
        label="Background image"
        value={p.backgroundImage}
        error={errors.backgroundImage}
        onChange={(v) => set("backgroundImage", v)}
      />
      <div className="field">
        <label htmlFor="bio">About your business</label>
        <textarea
          id="bio"
          name="bio"
          rows={4}
          value={p.bio}
          onChange={(e) => set("bio", e.target.value)}
          aria-invalid={errors.bio ? true : undefined}
          className={errors.bio ? "input-error" : undefined}
        />
        {errors.bio ? <p className="error-text">{errors.bio}</p> : null}
      </div>
      <div className="sa-grid sa-grid-2">
        {text("phone", "Phone", "tel")}
        {text("address", "Office address")}
      </div>
      <p>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Saving..." : "Save profile"}
        </button>
      </p>
    </fetcher.Form>
  );
}
