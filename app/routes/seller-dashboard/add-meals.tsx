import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MEAL_PLAN_CODES } from "@db/catalogue";
import { MEAL_PLAN_LABELS } from "@worker/domain/catalogue/labels";
import { rupees } from "@worker/domain/catalogue/schemas";
import { readMealPlans, setMealPlans } from "@worker/domain/catalogue/service";
import { FormAnswer, rupeesOf } from "~/components/catalogue/answer";
import { type CatalogueAnswer, catalogueAction } from "~/components/catalogue/catalogue-action.server";
import "~/components/catalogue/catalogue-dashboard.css";
import { PageContent } from "~/components/load-state";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Add Meals · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** Each package with the meal plans it offers, read with the session check: one D1 round trip. */
export const loader = ({ context }: LoaderFunctionArgs) => signedInData(context, "seller", (sellerId) => readMealPlans(context, sellerId));

export const action = ({ request, context }: ActionFunctionArgs) =>
  catalogueAction(request, context, async ({ sellerId, intent, fields, all }) => {
    if (intent !== "meal-plans") return undefined;
    const offered = new Set(all("offered"));
    const plans = MEAL_PLAN_CODES.filter((code) => offered.has(code)).map((code) => ({
      code,
      supplement: rupees(`${code} supplement`).parse(fields[`supplement.${code}`] || "0"),
    }));
    await setMealPlans(context.db, context.config, sellerId, fields.packageId ?? "", plans);
    return "Meal plans saved";
  });

function MealsPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="dash-main">
      <h1>Add Meals</h1>
      <p className="muted">
        The meal plans each package offers, with a supplement per person per night: EP (room only), CP (breakfast), MAP (breakfast and one
        meal), AP (all meals). Travellers choose one when they book.
      </p>
      {children}
    </main>
  );
}

export default function Page() {
  const { packages } = useLoaderData<typeof loader>();
  const answer = useActionData<CatalogueAnswer>();
  return (
    <MealsPage>
      <PageContent>
        <div className="stack catalogue">
          {packages.length === 0 ? <p className="muted">Add a package first.</p> : null}
          {packages.map((p) => (
            <section key={p.id} className="card stack" aria-labelledby={`meals-${p.id}`}>
              <h2 id={`meals-${p.id}`}>{p.name}</h2>
              <Form method="post" encType="multipart/form-data" className="stack">
                <input type="hidden" name="packageId" value={p.id} />
                {p.plans.map((plan) => (
                  <div key={plan.code} className="form-grid">
                    <label htmlFor={`meal-${p.id}-${plan.code}`}>
                      <input
                        id={`meal-${p.id}-${plan.code}`}
                        type="checkbox"
                        name="offered"
                        value={plan.code}
                        defaultChecked={plan.offered}
                      />{" "}
                      {plan.code}: {MEAL_PLAN_LABELS[plan.code]}
                    </label>
                    <div className="field">
                      <label htmlFor={`meal-${p.id}-${plan.code}-price`}>{plan.code} per person per night (₹)</label>
                      <input
                        id={`meal-${p.id}-${plan.code}-price`}
                        name={`supplement.${plan.code}`}
                        inputMode="decimal"
                        defaultValue={rupeesOf(plan.supplement)}
                      />
                    </div>
                  </div>
                ))}
                <p>
                  <button className="btn" type="submit" name="intent" value="meal-plans">
                    Save meal plans
                  </button>
                </p>
                <FormAnswer answer={answer} intent="meal-plans" target={p.id} />
              </Form>
            </section>
          ))}
        </div>
      </PageContent>
    </MealsPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <MealsPage>
        <LoadFailed fallback="Failed to load your meal plans." serverMessage={false} />
      </MealsPage>
    </LoadErrorBoundary>
  );
}
