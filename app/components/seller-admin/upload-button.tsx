import { useId, useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { errorMessage, uploadImage } from "./api-helpers";

const ACCEPT = "image/jpeg,image/png,image/webp";

/** A button that uploads one JPEG/PNG/WebP (max 2 MB) and hands back its site path. */
export function UploadButton({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    setBusy(true);
    try {
      onUploaded(await uploadImage(file));
      toast.success("Image uploaded");
    } catch (error) {
      toast.error(errorMessage(error, "Upload failed"));
    } finally {
      setBusy(false);
    }
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

/** One image URL with an upload button and a small preview. */
export function ImageField(props: { id: string; label: string; value: string; error?: string; onChange: (value: string) => void }) {
  const { id, label, value, error, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="sa-image-row">
        {value ? <img src={value} alt="" className="sa-thumb" /> : <span className="sa-thumb sa-thumb-empty" aria-hidden="true" />}
        <input
          id={id}
          value={value}
          placeholder="/media/..."
          className={error ? "input-error" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
        <UploadButton label={`Upload ${label.toLowerCase()}`} onUploaded={onChange} />
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
