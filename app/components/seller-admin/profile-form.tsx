import { useActionData, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToast } from "~/lib/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { type SiteSettings, fieldErrorsOf } from "./form-fields";
import { FormAnswer } from "../form-answer";
import type { WebsiteAnswer } from "./form-answer";
import { ImageField } from "./upload-button";

export type Profile = {
  logo: string;
  backgroundImage: string;
  bio: string;
  phone: string;
  address: string;
  hours: string;
  socialLinks: string;
};

/** The profile's image fields and the file fields that replace them in a form sent without scripts. */
export const PROFILE_IMAGES = { logo: "logoFile", backgroundImage: "backgroundImageFile" } as const;

/** The social links field holds one address a line; the API takes them as a list. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const profileOf = (s: SiteSettings["seller"]): Profile => ({
  logo: s.logo ?? "",
  backgroundImage: s.backgroundImage ?? "",
  bio: s.bio ?? "",
  phone: s.phone ?? "",
  address: s.address ?? "",
  hours: s.hours ?? "",
  socialLinks: (s.socialLinks ?? []).join("\n"),
});

/**
 * The seller's public profile: what the site's footer, about and contact pages show. Saved by the website page's
 * action ("profile"); without scripts the form posts itself there, its images as file inputs.
 */
export function ProfileForm({ seller }: { seller: SiteSettings["seller"] }) {
  const answered = useActionData<WebsiteAnswer>();
  const mine = answered?.intent === "profile" ? answered : undefined;
  const [p, setP] = useState<Profile>(() => ({ ...profileOf(seller), ...(mine?.ok ? {} : mine?.values) }));
  const fetcher = useFetcher<ActionResult>();
  const errors = fieldErrorsOf(useActionToast(fetcher, "Failed to save the profile") ?? mine);
  const busy = fetcher.state !== "idle";
  const set = (key: keyof Profile, value: string) => setP((cur) => ({ ...cur, [key]: value }));

  function save(e: React.FormEvent) {
    e.preventDefault();
    // An empty image field clears the image (null); "" is not an image path.
    const images = { logo: p.logo.trim() || null, backgroundImage: p.backgroundImage.trim() || null };
    fetcher.submit(
      { intent: "profile", ...p, ...images, socialLinks: linesOf(p.socialLinks) },
      { method: "post", encType: "application/json" },
    );
  }

  const text = (key: "phone" | "address" | "hours", label: string, type = "text", hint?: string) => (
    <div className="field">
      <label htmlFor={key}>{label}</label>
      <input
        id={key}
        name={key}
        type={type}
        value={p[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={hint ? `${key}-hint` : undefined}
        className={errors[key] ? "input-error" : undefined}
      />
      {hint ? (
        <p id={`${key}-hint`} className="muted sa-hint">
          {hint}
        </p>
      ) : null}
      {errors[key] ? <p className="error-text">{errors[key]}</p> : null}
    </div>
  );

  return (
    <form method="post" encType="multipart/form-data" className="card stack" onSubmit={save} noValidate aria-labelledby="profile-title">
      <input type="hidden" name="intent" value="profile" />
      <h2 id="profile-title">Public profile</h2>
      <p className="muted sa-hint">
        Shown as {seller.name} ({seller.email}) on your website. Your website shows only what you fill in here: an empty phone, address,
        opening hours or social link is simply left out.
      </p>
      <ImageField
        id="logo"
        name="logo"
        fileField={PROFILE_IMAGES.logo}
        label="Logo"
        value={p.logo}
        error={errors.logo}
        onChange={(v) => set("logo", v)}
      />
      <ImageField
        id="backgroundImage"
        name="backgroundImage"
        fileField={PROFILE_IMAGES.backgroundImage}
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
      {text("hours", "Opening hours", "text", "For example: Mon–Sat 10:00–19:00. Left empty, your website shows no hours.")}
      <div className="field">
        <label htmlFor="socialLinks">Social links</label>
        <textarea
          id="socialLinks"
          name="socialLinks"
          rows={3}
          value={p.socialLinks}
          onChange={(e) => set("socialLinks", e.target.value)}
          aria-describedby="socialLinks-hint"
          aria-invalid={errors.socialLinks ? true : undefined}
          className={errors.socialLinks ? "input-error" : undefined}
        />
        <p id="socialLinks-hint" className="muted sa-hint">
          One https:// address a line, up to 5: your Instagram, Facebook or YouTube page.
        </p>
        {errors.socialLinks ? <p className="error-text">{errors.socialLinks}</p> : null}
      </div>
      <FormAnswer answer={mine} failure="Failed to save the profile" />
      <p>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Saving..." : "Save profile"}
        </button>
      </p>
    </form>
  );
}
