import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { messageListQuery, messageStatusBody } from "@worker/domain/messages/schemas";
import { listMessages } from "@worker/domain/messages/service";
import { markMessage } from "@worker/domain/seller-admin/manage";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { ActionButton } from "~/components/action-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { formatDate, formatTime } from "@worker/shared/format";
import { actionInput, pageQuery, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";
import { withoutEmptyFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Messages · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), messageListQuery);
  return signedInData(context, "seller", async (sellerId) => ({ inbox: await listMessages(context, sellerId, query) }));
}

/** Marks one message read or new, with the API's schemas. */
const mark = idParam.merge(messageStatusBody);

export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "seller", async (seller) => {
    const { id, status } = mark.parse(await actionInput(request));
    await markMessage(context.db, seller.id, id, status);
    return status === "read" ? "Marked as read" : "Marked as unread";
  });
}

const FILTERS = [
  { value: "", label: "All" },
  { value: "new", label: "Unread" },
  { value: "read", label: "Read" },
] as const;

/** The seller's inbox: messages visitors sent through the website's contact form. */
export default function Page() {
  const { inbox } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const status = params.get("status") ?? "";
  // One write at a time, kept here: a message marked read leaves the Unread list before its answer shows.
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, "Failed to update the message");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("id") : null;

  return (
    <main id="main" className="dash-main">
      <h1>Messages{inbox.unread > 0 ? ` (${inbox.unread} unread)` : ""}</h1>
      <p className="muted">What visitors send through your website's contact form. You also get each one by email.</p>
      <FormAnswer answer={answered} failure="Failed to update the message" />
      {/* A GET form: each filter asks for the list again, from its first page, with scripts or without. */}
      <Form method="get">
        <fieldset className="row" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="sr-only">Show</legend>
          {FILTERS.map((f) => (
            <button
              key={f.label}
              type="submit"
              name="status"
              value={f.value}
              className={status === f.value ? "btn" : "btn btn-outline"}
              aria-pressed={status === f.value}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      </Form>

      <PageContent label="Loading messages...">
        {inbox.messages.length === 0 ? (
          <div className="card">
            <p className="muted">
              {status ? "No messages here." : "No messages yet. They arrive when visitors use your website's contact form."}
            </p>
          </div>
        ) : (
          <section className="stack" aria-label="Messages">
            {inbox.messages.map((m) => (
              <article key={m.id} className="card stack" aria-labelledby={`msg-${m.id}`}>
                <header className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }}>
                  <h2 id={`msg-${m.id}`} style={{ margin: 0, fontSize: "1.8rem" }}>
                    {m.status === "new" ? <span className="badge badge-pending">New</span> : null} {m.subject}
                  </h2>
                  <span className="muted">
                    {formatDate(m.createdAt)}, {formatTime(m.createdAt)}
                  </span>
                </header>
                <p className="muted">
                  From {m.name} · <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
                  {m.phone ? (
                    <>
                      {" · "}
                      <a href={`tel:${m.phone.replace(/[^\d+]/g, "")}`}>{m.phone}</a>
                    </>
                  ) : null}
                </p>
                <p style={{ whiteSpace: "pre-wrap" }}>{m.message}</p>
                <div className="row">
                  <a className="btn" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                    Reply by email
                  </a>
                  <ActionButton
                    fetcher={fetcher}
                    fields={{ id: m.id, status: m.status === "new" ? "read" : "new" }}
                    className="btn btn-outline"
                    disabled={busy === m.id}
                  >
                    {m.status === "new" ? "Mark as read" : "Mark as unread"}
                  </ActionButton>
                </div>
              </article>
            ))}
            <Pager page={inbox.pagination.page} pages={inbox.pagination.pages} total={inbox.pagination.total} noun="messages" />
          </section>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
