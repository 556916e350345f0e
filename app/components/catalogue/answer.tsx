import type { CatalogueAnswer } from "./catalogue-action.server";

/** The answer to the form `intent` about `target`, beside that form: a status, or an alert with the reason. */
export function FormAnswer({ answer, intent, target = "" }: { answer: CatalogueAnswer | undefined; intent: string; target?: string }) {
  if (!answer || answer.intent !== intent || (answer.target ?? "") !== target) return null;
  return answer.ok ? (
    <p className="success-text" role="status">
      {answer.message}
    </p>
  ) : (
    <p className="error-text" role="alert">
      {answer.message}
    </p>
  );
}

/** Paise as the rupees a seller types (2500 or 2500.50). */
export const rupeesOf = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** The packages a hotel or add-on is offered on, as checkboxes. */
export function PackageChecks({
  idPrefix,
  packages,
  checked,
}: {
  idPrefix: string;
  packages: { id: string; name: string }[];
  checked: string[];
}) {
  if (packages.length === 0) return <p className="muted">Add a package first, then offer this on it.</p>;
  return (
    <fieldset className="catalogue-checks">
      <legend>Offered on packages</legend>
      {packages.map((p) => (
        <label key={p.id} htmlFor={`${idPrefix}-${p.id}`}>
          <input id={`${idPrefix}-${p.id}`} type="checkbox" name="packageIds" value={p.id} defaultChecked={checked.includes(p.id)} />{" "}
          {p.name}
        </label>
      ))}
    </fieldset>
  );
}
