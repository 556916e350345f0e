import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ApiError, notFound } from "@worker/api/errors";
import { addSellerDomain, checkDomainNow, removeSellerDomain, saveBrand, saveProfile } from "@worker/domain/seller-admin/manage";
import { domainBody, idParam, profileBody } from "@worker/domain/seller-admin/schemas";
import { getSiteSettings } from "@worker/domain/seller-admin/site";
import { websiteConfigBody } from "@worker/domain/seller-admin/website-config";
import { z } from "zod";
import { GeneralErrorBoundary, TryAgain, messageOf } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { BrandForm, WALLPAPER_FILE } from "~/components/seller-admin/brand-form";
import { DomainsCard } from "~/components/seller-admin/domains-card";
import { ANSWERED_IN_FORM, type WebsiteAnswer } from "~/components/seller-admin/form-answer";
import { readSentForm, storeFormImages, textFieldsOf, uploadAnswer } from "~/components/seller-admin/images.server";
import { PROFILE_IMAGES, ProfileForm, linesOf } from "~/components/seller-admin/profile-form";
import { refusal, requireUser, signedInData, signedInHeaders } from "~/lib/session.server";
import "~/styles/seller-admin.css";

export const meta: MetaFunction = () => [{ title: "Website · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => {
    const site = await getSiteSettings(context, sellerId, context.domainSetup.cnameTarget);
    if (!site) throw notFound("Seller not found");
    // The platform's address as the visitor reached it: the domains card shows links and DNS steps on it.
    return { site, origin: context.url.origin };
  });
}

/** Which of the page's writes; each one's fields are then read with the API route's own schema. */
const intentOf = z.object({ intent: z.enum(["brand", "profile", "addDomain", "checkDomain", "removeDomain", "upload"]) });

/** What "Check now" tells the seller: live, still waiting (and on what), or why it failed. */
function checkAnswer(domain: { hostname: string; status: string; failureReason: string | null }) {
  switch (domain.status) {
    case "active":
      return `${domain.hostname} is live`;
    case "verifying":
      return `Cloudflare sees ${domain.hostname}; its certificate is on its way. Check again in a few minutes.`;
    case "failed":
      return `${domain.hostname} failed: ${domain.failureReason ?? "Cloudflare refused it"}`;
    default:
      return `Cloudflare does not see the records for ${domain.hostname} yet. DNS changes can take a while; check again later.`;
  }
}

/** Images sent with the brand and profile forms without scripts: at most the profile's two. */
const IMAGES_PER_FORM = 2;

/** An image field of a form sent without scripts: the file chosen for it (stored), else the path typed, "" for none. */
const imageOf = (typed: unknown, uploaded: string | undefined) => uploaded ?? ((typeof typed === "string" && typed.trim()) || null);

/**
 * The page's writes, by `intent`. A running page sends JSON (or one image to upload); a page without scripts sends
 * the brand or profile form itself as multipart, with its images as files, and gets the page again with the answer.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // SECURITY: the guard runs before the body is read: nothing a visitor without a seller's session sends is stored.
  const seller = await requireUser(context, "seller");
  // A form sent without scripts is answered with its intent (which form the page shows the answer by) and, refused, what was typed.
  let sentForm: { intent?: string; values?: Record<string, string> } = {};
  try {
    const sent = await readSentForm(request, IMAGES_PER_FORM);
    const form = "form" in sent ? sent.form : null;
    const input: Record<string, unknown> = "form" in sent ? textFieldsOf(sent.form) : sent.json;
    const values = form ? textFieldsOf(form) : undefined;
    if (form) sentForm = { intent: typeof input.intent === "string" ? input.intent : undefined, values };
    const intent = intentOf.parse(input).intent;
    const answer = (message: string) =>
      data<WebsiteAnswer>({ ok: true, message, ...(form ? { intent } : {}) }, { headers: signedInHeaders });
    switch (intent) {
      case "upload":
        return form ? uploadAnswer(context, seller.id, form) : refusal(new ApiError(400, "Attach the image as the `file` field"));
      case "brand": {
        const uploaded = form ? await storeFormImages(context, seller.id, form, [WALLPAPER_FILE]) : {};
        if (form) input.wallpaperImage = imageOf(input.wallpaperImage, uploaded[WALLPAPER_FILE]);
        if (values && uploaded[WALLPAPER_FILE]) values.wallpaperImage = uploaded[WALLPAPER_FILE];
        await saveBrand(context.db, context.config, seller.id, websiteConfigBody.parse(input));
        return answer("Website settings saved");
      }
      case "profile": {
        const uploaded = form ? await storeFormImages(context, seller.id, form, Object.values(PROFILE_IMAGES)) : {};
        for (const [field, file] of Object.entries(PROFILE_IMAGES)) {
          if (form) input[field] = imageOf(input[field], uploaded[file]);
          if (values && uploaded[file]) values[field] = uploaded[file];
        }
        // Without scripts the social links come as the textarea's text: one address a line.
        if (form && typeof input.socialLinks === "string") input.socialLinks = linesOf(input.socialLinks);
        await saveProfile(context.db, context.config, seller.id, profileBody.parse(input), context.domainSetup.cnameTarget);
        return answer("Profile saved");
      }
      case "addDomain": {
        const ownHosts = [...context.config.PLATFORM_HOSTS, context.url.hostname];
        await addSellerDomain(context.db, context.domainSetup, seller.id, domainBody.parse(input).hostname, ownHosts);
        return answer("Domain added. Create the DNS records shown below, then press Check now.");
      }
      case "checkDomain": {
        const domain = await checkDomainNow(context.db, context.config, context.domainSetup, seller.id, idParam.parse(input).id);
        return answer(checkAnswer(domain));
      }
      case "removeDomain":
        await removeSellerDomain(context.db, context.config, context.domainSetup, seller.id, idParam.parse(input).id);
        return answer("Domain removed");
    }
  } catch (error) {
    return refusal(error, sentForm);
  }
}

export default function Page() {
  const { site, origin } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return (
    <main id="main" className="dash-main">
      <h1>Website</h1>
      {/* A post without scripts (a domain added or removed): the page comes back with its answer. The brand and
          profile forms show theirs by their own buttons. */}
      <FormAnswer
        answer={ANSWERED_IN_FORM.has((answered as WebsiteAnswer | undefined)?.intent ?? "") ? undefined : answered}
        failure="Failed to save"
      />
      <PageContent label="Loading website settings...">
        <DomainsCard origin={origin} sitePath={site.sitePath} domains={site.domains} />
        <BrandForm initial={site.websiteConfig} />
        <ProfileForm seller={site.seller} />
      </PageContent>
    </main>
  );
}

/** The settings could not be read: the message with Try Again, inside the page as before. */
function LoadFailed({ message }: { message: string }) {
  return (
    <main id="main" className="dash-main">
      <h1>Website</h1>
      <div className="card stack" role="alert">
        <p>{message}</p>
        <TryAgain />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => <LoadFailed message={messageOf(error.data, "Failed to load your website settings")} />,
        503: (error) => <LoadFailed message={messageOf(error.data, "Failed to load your website settings")} />,
      }}
    />
  );
}
