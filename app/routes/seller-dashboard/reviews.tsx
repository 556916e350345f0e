import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { REPORT_REASONS } from "@worker/domain/reviews/checks";
import { sellerReviews } from "@worker/domain/reviews/read";
import { pageQuery as reviewsPage, replyBody, reportBody } from "@worker/domain/reviews/schemas";
import { replyToReview, reportReview } from "@worker/domain/reviews/write";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { formatDate } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { Pager } from "~/components/pager";
import { Stars, formatMonth } from "~/components/reviews/stars";
import "~/components/reviews/reviews.css";
import { actionInput, pageQuery, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { z } from "zod";

export const meta: MetaFunction = () => [{ title: "Reviews · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const { page } = pageQuery(context.url, reviewsPage);
  return signedInData(context, "seller", async (sellerId) => ({ found: await sellerReviews(context, sellerId, page) }));
}

/** The seller's one public reply, or their report to Tripbazaar (the same services as the API; scoped to the seller). */
export async function action({ request, context }: ActionFunctionArgs) {
  const intent = z.discriminatedUnion("intent", [
    idParam.merge(replyBody).extend({ intent: z.literal("reply") }),
    idParam.merge(reportBody).extend({ intent: z.literal("report") }),
  ]);
  return signedInAction(context, "seller", async (seller) => {
    const input = intent.parse(await actionInput(request));
    if (input.intent === "reply") return replyToReview(context.db, context.config, seller.id, input.id, input.reply, context.now);
    return reportReview(context.db, seller.id, input.id, input.reason, input.note || undefined, context.now);
  });
}

const STATE = { pending: "Waiting for Tripbazaar's check", published: "Published", removed: "Removed" } as const;

export default function Page() {
  const { found } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="dash-main stack">
      <h1>Reviews</h1>
      <p className="muted">
        Reviews of your packages by travellers who took the trip. You may reply once to each, publicly; a reply cannot be changed. If a
        review breaks the rules (it is not about the trip, shares personal details, is abusive), report it: Tripbazaar decides, and never
        removes a review for being negative.
      </p>
      <FormAnswer answer={answer} failure="Failed to save" />
      {found.reviews.length === 0 ? (
        <p className="card muted">No reviews yet. Travellers are invited to review a trip the day after it ends.</p>
      ) : (
        <ul className="review-list">
          {found.reviews.map((r) => (
            <li key={r.id} className="card stack review-card">
              <header>
                <Stars rating={r.rating} />
                <strong>{r.authorName}</strong>
                <span className="muted">
                  travelled in {formatMonth(r.travelledIn)} · {formatDate(r.createdAt)} · {STATE[r.status]}
                  {r.reported ? " · reported" : ""}
                </span>
              </header>
              <p>
                <Link to={`/seller-dashboard/packages/modify-package/${encodeURIComponent(r.package.id)}`}>{r.package.name}</Link>
              </p>
              <p className="review-text">{r.text}</p>
              {r.removalReason ? <p className="muted">Removed by Tripbazaar: {r.removalReason}</p> : null}
              {r.sellerReply ? (
                <div className="seller-reply stack">
                  <p>
                    <strong>Your reply</strong>
                    {r.sellerRepliedAt ? <span className="muted"> · {formatDate(r.sellerRepliedAt)}</span> : null}
                  </p>
                  <p className="review-text">{r.sellerReply}</p>
                </div>
              ) : r.status === "published" ? (
                <Form method="post" className="stack">
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="id" value={r.id} />
                  <label htmlFor={`reply-${r.id}`}>Your public reply to {r.authorName}</label>
                  <textarea id={`reply-${r.id}`} name="reply" className="input" rows={3} minLength={2} maxLength={1000} required />
                  <div>
                    <button type="submit" className="btn" disabled={busy}>
                      Publish reply
                    </button>
                  </div>
                </Form>
              ) : null}
              {!r.reported && r.status !== "removed" ? (
                <details>
                  <summary>Report this review</summary>
                  <Form method="post" className="stack">
                    <input type="hidden" name="intent" value="report" />
                    <input type="hidden" name="id" value={r.id} />
                    <label htmlFor={`reason-${r.id}`}>Why?</label>
                    <select id={`reason-${r.id}`} name="reason" className="input" required defaultValue="">
                      <option value="" disabled>
                        Choose a reason
                      </option>
                      {Object.entries(REPORT_REASONS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                    <label htmlFor={`note-${r.id}`}>Details (optional)</label>
                    <textarea id={`note-${r.id}`} name="note" className="input" rows={2} maxLength={500} />
                    <div>
                      <button type="submit" className="btn btn-outline" disabled={busy}>
                        Send report
                      </button>
                    </div>
                  </Form>
                </details>
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
