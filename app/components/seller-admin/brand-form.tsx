import { ColorFields } from "./color-fields";
import { useActionData, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { contrastRatio, readableTextOn, safeHexColor } from "@worker/shared/colors";
import { useActionToast } from "~/lib/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { type SiteSettings, fieldErrorsOf } from "./form-fields";
import { FormAnswer } from "../form-answer";
import type { WebsiteAnswer } from "./form-answer";
import { ImageField } from "./upload-button";

type Config = SiteSettings["websiteConfig"];

/** The wallpaper's file field in a form sent without scripts. */
export const WALLPAPER_FILE = "wallpaperImageFile";
const AA = 4.5;

/** Live preview of the brand colours as the public site will apply them. */
export function BrandPreview({ config }: { config: Config }) {
  const theme = safeHexColor(config.themeColor, "#2563eb");
  const secondary = safeHexColor(config.secondaryColor, "#87ceeb");
  const onTheme = readableTextOn(theme);
  const onSecondary = readableTextOn(secondary);
  const warnings = [
    contrastRatio(theme, onTheme) < AA
      ? `Text on the theme colour reaches only ${contrastRatio(theme, onTheme).toFixed(1)}:1 (at least ${AA}:1 is needed to read comfortably). Pick a darker or lighter theme colour.`
      : null,
    contrastRatio(secondary, onSecondary) < AA
      ? `Text on the secondary colour reaches only ${contrastRatio(secondary, onSecondary).toFixed(1)}:1. Pick a darker or lighter secondary colour.`
      : null,
    contrastRatio(theme, "#ffffff") < 3
      ? "The theme colour is very light on white pages; your site will darken it for links and headings so they stay readable."
      : null,
  ].filter(Boolean) as string[];

  return (
    <div className="stack">
      <figure className="sa-preview">
        <figcaption className="sr-only">Preview of your brand colours</figcaption>
        <div className="sa-preview-bar" style={{ background: theme, color: onTheme }}>
          <span>{config.websiteName || "Your website"}</span>
          <span>Packages · About · Contact</span>
        </div>
        <div className="sa-preview-body">
          <span className="sa-preview-chip" style={{ background: secondary, color: onSecondary }}>
            Trending destination
          </span>
          <span className="sa-preview-chip" style={{ background: theme, color: onTheme }}>
            Book Now
          </span>
        </div>
      </figure>
      <p className="muted sa-hint">
        Contrast of text on the theme colour: {contrastRatio(theme, onTheme).toFixed(1)}:1 · on the secondary colour:{" "}
        {contrastRatio(secondary, onSecondary).toFixed(1)}:1
      </p>
      {warnings.map((w) => (
        <p key={w} className="sa-alert" role="status">
          {w}
        </p>
      ))}
    </div>
  );
}

/**
 * The website's name, colours and wallpaper, saved by the website page's action ("brand"); without scripts the
 * form posts itself there, the wallpaper as a file input.
 */
export function BrandForm({ initial }: { initial: Config }) {
  const answered = useActionData<WebsiteAnswer>();
  const mine = answered?.intent === "brand" ? answered : undefined;
  const [config, setConfig] = useState<Config>(() => ({ ...initial, ...(mine?.ok ? {} : mine?.values) }));
  const fetcher = useFetcher<ActionResult>();
  const errors = fieldErrorsOf(useActionToast(fetcher, "Failed to save website settings") ?? mine);
  const busy = fetcher.state !== "idle";
  const set = <K extends keyof Config>(key: K, value: Config[K]) => setConfig((c) => ({ ...c, [key]: value }));

  function save(e: React.FormEvent) {
    e.preventDefault();
    fetcher.submit(
      { intent: "brand", ...config, wallpaperImage: config.wallpaperImage?.trim() || null },
      { method: "post", encType: "application/json" },
    );
  }

  return (
    <form method="post" encType="multipart/form-data" className="card stack" onSubmit={save} noValidate aria-labelledby="brand-title">
      <input type="hidden" name="intent" value="brand" />
      <h2 id="brand-title">Brand</h2>
      <div className="sa-grid sa-grid-2">
        <div className="stack">
          <div className="field">
            <label htmlFor="websiteName">Website name</label>
            <input
              id="websiteName"
              name="websiteName"
              value={config.websiteName}
              onChange={(e) => set("websiteName", e.target.value)}
              aria-invalid={errors.websiteName ? true : undefined}
              className={errors.websiteName ? "input-error" : undefined}
            />
            {errors.websiteName ? <p className="error-text">{errors.websiteName}</p> : null}
          </div>
          <ColorFields
            fields={[
              ["themeColor", "Theme colour"],
              ["secondaryColor", "Secondary colour"],
            ]}
            values={config}
            errors={errors}
            onChange={set}
          />
        </div>
        <BrandPreview config={config} />
      </div>
      <ImageField
        id="wallpaperImage"
        name="wallpaperImage"
        fileField={WALLPAPER_FILE}
        label="Wallpaper image"
        value={config.wallpaperImage ?? ""}
        error={errors.wallpaperImage}
        onChange={(v) => set("wallpaperImage", v)}
      />
      <FormAnswer answer={mine} failure="Failed to save website settings" />
      <p>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Saving..." : "Save brand"}
        </button>
      </p>
    </form>
  );
}
