import { ColorFields } from "~/components/seller-admin/color-fields";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ApiError } from "@worker/api/errors";
import { readVoucherDesign, saveVoucherTemplate, voucherTemplateBody } from "@worker/domain/vouchers/template";
import { MAX_FOOTER, MAX_HEADER, VOUCHER_SECTIONS } from "@worker/shared/voucher-sections";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { fieldErrorsOf } from "~/components/seller-admin/form-fields";
import { readSentForm, storeFormImages, textFieldsOf, uploadAnswer } from "~/components/seller-admin/images.server";
import { ImageField } from "~/components/seller-admin/upload-button";
import type { ActionResult } from "~/lib/action-result";
import { refusal, requireUser, signedInData, signedInHeaders } from "~/lib/session.server";
import "~/styles/seller-admin.css";
import "~/styles/voucher.css";

export const meta: MetaFunction = () => [{ title: "PDF template · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", (sellerId) => readVoucherDesign(context, sellerId));
}

const LOGO_FILE = "logoFile";
type Values = {
  logo: string;
  primaryColor: string;
  accentColor: string;
  headerText: string;
  footerText: string;
  emergencyPhone: string;
  sections: string[];
};
type Answer = ActionResult & { values?: Values };

/**
 * Save the voucher design (ADR 0046). The form is multipart so it works without scripts (the logo as a file input);
 * with scripts an image is uploaded first (`intent=upload`) and the form sends its path.
 * SECURITY: the guard runs before the body is read; the row is the session's seller's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireUser(context, "seller");
  let values: Values | undefined;
  try {
    const sent = await readSentForm(request, 1);
    if (!("form" in sent)) throw new ApiError(400, "Send the voucher template as a form");
    const { form } = sent;
    const fields = textFieldsOf(form);
    if (fields.intent === "upload") return uploadAnswer(context, seller.id, form);
    const sections = form.getAll("sections").filter((s): s is string => typeof s === "string");
    values = {
      logo: fields.logo ?? "",
      primaryColor: fields.primaryColor ?? "",
      accentColor: fields.accentColor ?? "",
      headerText: fields.headerText ?? "",
      footerText: fields.footerText ?? "",
      emergencyPhone: fields.emergencyPhone ?? "",
      sections,
    };
    // Checked before an image is stored, so a refused form leaves nothing behind.
    const input = voucherTemplateBody.parse(values);
    const uploaded = await storeFormImages(context, seller.id, form, [LOGO_FILE]);
    if (uploaded[LOGO_FILE]) input.logo = uploaded[LOGO_FILE];
    await saveVoucherTemplate(context.db, seller.id, input);
    return data<Answer>({ ok: true, message: "Voucher template saved" }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error, values ? { values } : {});
  }
}

export default function Page() {
  const { template, seller } = useLoaderData<typeof loader>();
  const answered = useActionData<Answer>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = fieldErrorsOf(answered);
  const shown = answered && !answered.ok && answered.values ? answered.values : { ...template, logo: template.logo ?? "" };
  const [logo, setLogo] = useState(shown.logo);
  const [colors, setColors] = useState({ primaryColor: shown.primaryColor, accentColor: shown.accentColor });
  const on = new Set(shown.sections);
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="error-text">
        {errors[name]}
      </p>
    ) : null;
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error`, className: "input-error" } : {};

  return (
    <main id="main" className="dash-main">
      <h1>PDF template</h1>
      <p className="muted">
        The voucher your travellers download once you confirm their booking. It always carries the booking number and a QR code that opens
        its live status.
      </p>
      <Form method="post" encType="multipart/form-data" className="card stack" noValidate aria-labelledby="voucher-design">
        <h2 id="voucher-design">Design</h2>
        <ImageField id="logo" name="logo" fileField={LOGO_FILE} label="Logo" value={logo} error={errors.logo} onChange={setLogo} />
        <p className="muted sa-hint">
          {seller?.logo && !logo ? "Empty: your profile logo is used. " : ""}A PNG or JPEG upload is printed; other images give way to your
          company name.
        </p>
        <ColorFields
          fields={[
            ["primaryColor", "Band colour"],
            ["accentColor", "Heading colour"],
          ]}
          values={colors}
          errors={errors}
          onChange={(key, value) => setColors((c) => ({ ...c, [key]: value }))}
        />
        <div className="field">
          <label htmlFor="headerText">Header text (at most {MAX_HEADER} characters)</label>
          <input id="headerText" name="headerText" defaultValue={shown.headerText} {...invalid("headerText")} />
          {error("headerText")}
        </div>
        <div className="field">
          <label htmlFor="footerText">Footer text (at most {MAX_FOOTER} characters)</label>
          <textarea id="footerText" name="footerText" rows={3} defaultValue={shown.footerText} {...invalid("footerText")} />
          {error("footerText")}
        </div>
        <div className="field">
          <label htmlFor="emergencyPhone">Emergency phone</label>
          <input
            id="emergencyPhone"
            name="emergencyPhone"
            type="tel"
            autoComplete="off"
            defaultValue={shown.emergencyPhone}
            {...invalid("emergencyPhone")}
          />
          {error("emergencyPhone")}
        </div>
        <fieldset className="voucher-sections">
          <legend>Sections on the voucher</legend>
          {VOUCHER_SECTIONS.map(([name, label]) => (
            <label key={name}>
              <input type="checkbox" name="sections" value={name} defaultChecked={on.has(name)} />
              {label}
            </label>
          ))}
          {error("sections")}
        </fieldset>
        <FormAnswer answer={answered} failure="Failed to save the voucher template" />
        <p>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Saving..." : "Save template"}
          </button>
        </p>
      </Form>
      <section className="card stack" aria-labelledby="voucher-preview">
        <h2 id="voucher-preview">Preview</h2>
        <p>A sample booking printed with your saved template (save first to see a change).</p>
        <p>
          <a className="btn btn-outline" href="/seller-dashboard/pdf-template/preview.pdf" target="_blank" rel="noopener">
            Open the sample voucher (PDF)
          </a>
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
