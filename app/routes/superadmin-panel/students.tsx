import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "@remix-run/react";
import { formatDate } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { studentQueueAction, studentQueueLoader } from "~/components/students/student-queue.server";
import type { ActionResult } from "~/lib/action-result";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Student IDs · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = studentQueueLoader;
export const action = studentQueueAction;

/**
 * The superadmin's queue of student IDs (issue 28): each waiting verification with its document (opened in a new
 * tab, for the superadmin only), Approve, and Reject with the reason the traveller reads. Plain forms: they work
 * without scripts, and the page comes back with the answer.
 */
export default function Page() {
  const { queue } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const reasonError = answer && !answer.ok ? answer.issues?.find((i) => i.path === "reason")?.message : undefined;
  return (
    <main id="main" className="dash-main">
      <h1>Student IDs</h1>
      <p className="muted">
        Check that the document shows the traveller's name, the institution and a current course. The document is deleted once you decide;
        only the decision is kept.
      </p>
      <FormAnswer answer={answer} failure="Failed to decide" />
      <PageContent label="Loading student IDs...">
        {queue.verifications.length === 0 ? (
          <div className="card">
            <p className="muted">No student IDs are waiting for review.</p>
          </div>
        ) : (
          <>
            <p className="muted">{queue.total} waiting for review.</p>
            {queue.verifications.map((v) => (
              <article key={v.id} className="card stack" aria-labelledby={`sv-${v.id}`} data-testid="student-request">
                <header className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }}>
                  <h2 id={`sv-${v.id}`} style={{ margin: 0, fontSize: "2rem" }}>
                    {v.name}
                  </h2>
                  <span className="muted">Sent {formatDate(v.submittedAt)}</span>
                </header>
                <p className="muted" style={{ overflowWrap: "anywhere" }}>
                  <a href={`mailto:${v.email}`}>{v.email}</a> · {v.institution} · course ends {formatDate(v.courseEndDate)}
                </p>
                <p>
                  <a href={`/superadmin-panel/students/${encodeURIComponent(v.id)}/document`} target="_blank" rel="noreferrer">
                    Open the document ({v.documentType === "application/pdf" ? "PDF" : "image"})
                  </a>
                </p>
                <Form method="post" className="row">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={v.id} />
                  <button type="submit" className="btn" disabled={busyId === v.id}>
                    Approve {v.name}
                  </button>
                </Form>
                <Form method="post" className="stack">
                  <input type="hidden" name="intent" value="reject" />
                  <input type="hidden" name="id" value={v.id} />
                  <div className="field">
                    <label htmlFor={`reason-${v.id}`}>Reason for rejecting (the traveller reads it)</label>
                    <textarea
                      id={`reason-${v.id}`}
                      name="reason"
                      rows={2}
                      maxLength={500}
                      {...(reasonError
                        ? { "aria-invalid": true, "aria-describedby": `reason-${v.id}-error`, className: "input-error" }
                        : {})}
                    />
                    {reasonError ? (
                      <span id={`reason-${v.id}-error`} className="error-text">
                        {reasonError}
                      </span>
                    ) : null}
                  </div>
                  <div className="row">
                    <button type="submit" className="btn btn-outline" disabled={busyId === v.id}>
                      Reject {v.name}
                    </button>
                  </div>
                </Form>
              </article>
            ))}
          </>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
