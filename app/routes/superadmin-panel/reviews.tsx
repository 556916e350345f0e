import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { clientIp } from "@worker/client-ip";
import { REMOVAL_REASONS } from "@worker/domain/reviews/checks";
import { moderationQueue } from "@worker/domain/reviews/read";
import { moderationQuery, removeBody } from "@worker/domain/reviews/schemas";
import { publishReview, removeReview } from "@worker/domain/reviews/write";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { formatDate } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { Pager } from "~/components/pager";
import { Stars, formatMonth } from "~/components/reviews/stars";
import "~/components/reviews/reviews.css";
import { actionInput, pageQuery, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Reviews · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(context.url, moderationQuery);
  return signedInData(context, "superadmin", async () => ({ shown: query.status, found: await moderationQueue(context, query) }));
}

/** Publish a held review, or remove one for a reason from the fixed list; each with its audit entry, in one batch. */
export async function action({ request, context }: ActionFunctionArgs) {
  const ip = clientIp(request);
  return signedInAction(context, "superadmin", async (admin) => {
    const input = await actionInput(request);
    const { id } = idParam.parse(input);
    const actor = { id: admin.id, role: admin.role, ip };
    if (input.intent === "publish") return publishReview(context.db, context.config, actor, id, context.now);
    const { reason } = removeBody.parse(input);
    return removeReview(context.db, context.config, actor, id, reason, context.now);
  });
}

const TABS = [
  { status: "pending", label: "Waiting" },
  { status: "reported", label: "Reported by sellers" },
  { status: "published", label: "Published" },
  { status: "removed", label: "Removed" },
] as const;

export default function Page() {
  const { shown: status, found } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="dash-main stack">
      <h1>Reviews</h1>
      <p className="muted">
        A review with a link, contact details or a banned word waits here before it is published. Remove a review only for one of the listed
        reasons: never because it is negative. Every decision is written to the audit log.
      </p>
      <nav aria-label="Review lists" className="row-actions">
        {TABS.map((t) => (
          <Link
            key={t.status}
            to={`?status=${t.status}`}
            className={t.status === status ? "btn" : "btn btn-outline"}
            aria-current={t.status === status ? "page" : undefined}
          >
            {t.label}
            {t.status === "pending" ? ` (${found.waiting.pending})` : t.status === "reported" ? ` (${found.waiting.reported})` : ""}
          </Link>
        ))}
      </nav>
      <FormAnswer answer={answer} failure="Failed to save the decision" />
      {found.reviews.length === 0 ? (
        <p className="card muted">{status === "pending" ? "No review is waiting for a decision." : "No reviews here."}</p>
      ) : (
        <ul className="review-list">
          {found.reviews.map((r) => (
            <li key={r.id} className="card stack review-card">
              <header>
                <Stars rating={r.rating} />
                <strong>{r.authorName}</strong>
                <span className="muted">
                  {r.package.name} · booking {r.bookingRef} · travelled in {formatMonth(r.travelledIn)} · {formatDate(r.createdAt)}
                </span>
              </header>
              {r.heldFor.length ? <p className="review-flag">Held because it contains {r.heldFor.join(" and ")}.</p> : null}
              {r.reportReason ? <p className="review-flag">Reported by the seller: {r.reportReason}</p> : null}
              {r.removalReason ? <p className="muted">Removed: {r.removalReason}</p> : null}
              <p className="review-text">{r.text}</p>
              {r.sellerReply ? <p className="seller-reply">Seller's reply: {r.sellerReply}</p> : null}
              {r.status !== "removed" ? (
                <div className="row-actions">
                  {r.status === "pending" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="publish" />
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" className="btn" disabled={busy}>
                        Publish<span className="sr-only"> the review by {r.authorName}</span>
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post" className="row-actions">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={r.id} />
                    <label htmlFor={`remove-${r.id}`} className="sr-only">
                      Reason to remove the review by {r.authorName}
                    </label>
                    <select id={`remove-${r.id}`} name="reason" className="input" required defaultValue="">
                      <option value="" disabled>
                        Reason to remove
                      </option>
                      {Object.entries(REMOVAL_REASONS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="btn btn-outline" disabled={busy}>
                      Remove<span className="sr-only"> the review by {r.authorName}</span>
                    </button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {found.pagination.pages > 1 ? (
        <Pager page={found.pagination.page} pages={found.pagination.pages} total={found.pagination.total} noun="reviews" />
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
