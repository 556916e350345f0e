import type { MetaFunction } from "@remix-run/cloudflare";
import { useEffect, useState } from "react";
import type { SiteSettings } from "~/components/seller-admin/api-helpers";
import { BrandForm } from "~/components/seller-admin/brand-form";
import { DomainsCard } from "~/components/seller-admin/domains-card";
import { ProfileForm } from "~/components/seller-admin/profile-form";
import { useApiData } from "~/components/bookings/use-api-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import "~/styles/seller-admin.css";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";

export const meta: MetaFunction = () => [{ title: "Website | Tripbazaar" }];

export default function Page() {
  const { state, reload } = useApiData<SiteSettings>("/api/seller-admin/site", "Failed to load your website settings");
  const [site, setSite] = useState<SiteSettings | null>(null);
  useEffect(() => {
    if (state.status === "ready") setSite(state.data);
  }, [state]);

  return (
    <main id="main" className="dash-main">
      <h1>Website</h1>
      {state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : !site ? (
        <LoadingCard label="Loading website settings..." />
      ) : (
        <>
          <DomainsCard sitePath={site.sitePath} domains={site.domains} onChange={(domains) => setSite({ ...site, domains })} />
          <BrandForm initial={site.websiteConfig} onSaved={(websiteConfig) => setSite({ ...site, websiteConfig })} />
          <ProfileForm seller={site.seller} onSaved={(next) => setSite(next)} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
