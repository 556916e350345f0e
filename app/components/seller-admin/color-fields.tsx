import { safeHexColor } from "@worker/shared/colors";

/**
 * A row of colour pickers, each with its hex value beside it and its error under it: the website's brand form and
 * the voucher design both use it. The picker shows black for a value that is not a hex colour yet.
 */
export function ColorFields<K extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly (readonly [K, string])[];
  values: Record<K, string>;
  errors: Partial<Record<string, string>>;
  onChange: (key: K, value: string) => void;
}) {
  return (
    <div className="sa-colors">
      {fields.map(([key, label]) => (
        <div className="field" key={key}>
          <label htmlFor={key}>{label}</label>
          <div className="sa-color">
            <input
              id={key}
              name={key}
              type="color"
              value={safeHexColor(values[key], "#000000")}
              onChange={(e) => onChange(key, e.target.value)}
            />
            <code>{values[key]}</code>
          </div>
          {errors[key] ? (
            <p id={`${key}-error`} className="error-text">
              {errors[key]}
            </p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
