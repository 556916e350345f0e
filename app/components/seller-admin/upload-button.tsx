import { useFetcher } from "@remix-run/react";
import { useId, useRef } from "react";
import { toast } from "~/lib/notify";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useHydrated } from "~/lib/use-hydrated";
import type { UploadAnswer } from "./images.server";

const ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * Uploads one JPEG/PNG/WebP (max 2 MB) and hands back its site path. With scripts, the button sends the chosen
 * file at once to the page's action (`intent=upload`, images.server.ts); without them it is a plain file input
 * named `fileField`, sent with the form it is in (none: nothing to show without scripts).
 */
export function UploadButton({ label, fileField, onUploaded }: { label: string; fileField?: string; onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const hydrated = useHydrated();
  const fetcher = useFetcher<UploadAnswer>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      onUploaded(answer.url);
      toast.success(answer.message);
    } else toast.error(answer.message || "Upload failed");
  });

  if (!hydrated)
    return fileField ? <input id={id} type="file" name={fileField} accept={ACCEPT} aria-label={label} className="sa-file" /> : null;

  function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    const body = new FormData();
    body.set("intent", "upload");
    body.set("file", file);
    fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <>
      {/* Hidden: the button is the control people use; the input only opens the file picker. */}
      <input ref={input} id={id} type="file" accept={ACCEPT} hidden aria-label={label} onChange={onChange} />
      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? "Uploading..." : label}
      </button>
    </>
  );
}

/**
 * One image path with an upload button and a small preview. `name` is the path's field and `fileField` the
 * upload's, for the form sent without scripts.
 */
export function ImageField(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  name?: string;
  fileField?: string;
  onChange: (value: string) => void;
}) {
  const { id, label, value, error, name, fileField, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="sa-image-row">
        {value ? <img src={value} alt="" className="sa-thumb" /> : <span className="sa-thumb sa-thumb-empty" aria-hidden="true" />}
        <input
          id={id}
          name={name ?? id}
          value={value}
          placeholder="/media/..."
          className={error ? "input-error" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
        <UploadButton label={`Upload ${label.toLowerCase()}`} fileField={fileField} onUploaded={onChange} />
      </div>
      {error ? (
        <p id={`${id}-error`} className="error-text">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="muted sa-hint">
          Upload a JPEG, PNG or WebP up to 2 MB
        </p>
      )}
    </div>
  );
}
