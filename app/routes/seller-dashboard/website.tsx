import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound } from "@worker/api/errors";
import { addSellerDomain, removeSellerDomain, saveBrand, saveProfile } from "@worker/domain/seller-admin/manage";
import { domainBody, idParam, profileBody } from "@worker/domain/seller-admin/schemas";
import { getSiteSettings } from "@worker/domain/seller-admin/site";
import { websiteConfigBody } from "@worker/domain/seller-admin/website-config";
import { z } from "zod";
import { GeneralErrorBoundary, TryAgain, messageOf } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { BrandForm } from "~/components/seller-admin/brand-form";
import { DomainsCard } from "~/components/seller-admin/domains-card";
import { ProfileForm } from "~/components/seller-admin/profile-form";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import "~/styles/seller-admin.css";

export const meta: MetaFunction = () => [{ title: "Website · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => {
    const site = await getSiteSettings(context, sellerId);
    if (!site) throw notFound("Seller not found");
    // The platform's address as the visitor reached it: the domains card shows links and DNS steps on it.
    return { site, origin: context.url.origin };
  });
}

/** Which of the page's writes; each one's fields are then read with the API route's own schema. */
const intentOf = z.object({ intent: z.enum(["brand", "profile", "addDomain", "removeDomain"]) });

/**
 * An empty image field clears the image (null), as the page's script sends it; a form posted without scripts sends
 * it as "", which is not an image path.
 */
function emptyAsNull(input: Record<string, unknown>, keys: string[]) {
  const cleared = keys.filter((k) => typeof input[k] === "string" && !(input[k] as string).trim());
  return { ...input, ...Object.fromEntries(cleared.map((k) => [k, null])) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "seller", async (seller) => {
    const input = await actionInput(request);
    switch (intentOf.parse(input).intent) {
      case "brand":
        await saveBrand(context.db, context.config, seller.id, websiteConfigBody.parse(emptyAsNull(input, ["wallpaperImage"])));
        return "Website settings saved";
      case "profile":
        await saveProfile(context.db, context.config, seller.id, profileBody.parse(emptyAsNull(input, ["logo", "backgroundImage"])));
        return "Profile saved";
      case "addDomain": {
        const ownHosts = [...context.config.PLATFORM_HOSTS, context.url.hostname];
        await addSellerDomain(context.db, seller.id, domainBody.parse(input).hostname, ownHosts);
        return "Domain added. Follow the steps below to connect it.";
      }
      case "removeDomain":
        await removeSellerDomain(context.db, context.config, seller.id, idParam.parse(input).id);
        return "Domain removed";
    }
  });
}

export default function Page() {
  const { site, origin } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return (
    <main id="main" className="dash-main">
      <h1>Website</h1>
      {/* A post without scripts (a domain added or removed): the page comes back with its answer. */}
      <FormAnswer answer={answered} failure="Failed to save" />
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
