import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDate } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { verifyStudentAction, verifyStudentLoader } from "~/components/students/verify-student.server";
import { signedInHeaders } from "~/lib/session.server";
import type { ActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Verify student | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = verifyStudentLoader;
export const action = verifyStudentAction;

type Verification = Awaited<ReturnType<typeof loader>>["verification"];

/** Where the traveller stands, in words: each state with what it means for them. */
function StatusCard({ v, percent }: { v: Verification; percent: number }) {
  switch (v.status) {
    case "none":
      return (
        <p data-testid="student-status" data-status="none">
          You have not verified your student status yet.
        </p>
      );
    case "pending":
      return (
        <p data-testid="student-status" data-status="pending">
          <span className="badge badge-pending">Pending</span> Your student ID from {v.institution} is waiting for review. We will email you
          the decision.
        </p>
      );
    case "verified":
      return (
        <p data-testid="student-status" data-status="verified">
          <span className="badge badge-confirmed">Verified</span> You are a verified student of {v.institution} until{" "}
          {v.verifiedUntil ? formatDate(v.verifiedUntil) : ""}. Packages marked "Student discount" are {percent}% cheaper for you; the price
          shows it as its own line.
        </p>
      );
    case "rejected":
      return (
        <div data-testid="student-status" data-status="rejected" className="stack">
          <p>
            <span className="badge badge-rejected">Rejected</span> We could not verify your student ID from {v.institution}.
          </p>
          <p>Reason: {v.reason}</p>
          <p>You can send a new document below.</p>
        </div>
      );
    case "expired":
      return (
        <p data-testid="student-status" data-status="expired">
          <span className="badge badge-cancelled">Expired</span> Your student status ended on{" "}
          {v.verifiedUntil ? formatDate(v.verifiedUntil) : ""}. Send a current student ID to verify again.
        </p>
      );
  }
}

export default function Page() {
  const { verification, discountPercent } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const issues = Object.fromEntries((answer && !answer.ok ? (answer.issues ?? []) : []).map((i) => [i.path, i.message]));
  const invalid = (name: string) =>
    issues[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error`, className: "input-error" } : {};
  return (
    <UserDashboardPage title="Verify student">
      <section className="card stack" aria-labelledby="student-status-title">
        <h2 id="student-status-title">Your student status</h2>
        <StatusCard v={verification} percent={discountPercent} />
        <p className="muted">
          Verified students get {discountPercent}% off packages whose travel agent offers the student discount. A verification lasts until
          your course ends, at most 12 months.
        </p>
      </section>
      {verification.canSubmit ? (
        <section className="card stack" aria-labelledby="student-upload-title">
          <h2 id="student-upload-title">Send your student ID</h2>
          <p className="muted">
            A photo or scan of your student ID card or enrolment letter: a JPEG, PNG or WebP image, or a PDF, at most 4 MB. Only our team
            sees it, and we delete it once we have decided.
          </p>
          <Form method="post" encType="multipart/form-data" className="stack" replace>
            <div className="field">
              <label htmlFor="institution">School, college or university</label>
              <input id="institution" name="institution" required maxLength={120} autoComplete="organization" {...invalid("institution")} />
              {issues.institution ? (
                <span id="institution-error" className="error-text">
                  {issues.institution}
                </span>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="courseEndDate">Course end date</label>
              <input id="courseEndDate" name="courseEndDate" type="date" required {...invalid("courseEndDate")} />
              {issues.courseEndDate ? (
                <span id="courseEndDate-error" className="error-text">
                  {issues.courseEndDate}
                </span>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="file">Student ID or enrolment letter</label>
              <input
                id="file"
                name="file"
                type="file"
                required
                accept="image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf"
              />
            </div>
            <FormAnswer answer={answer} failure="Failed to send your student ID" />
            <div className="row">
              <button type="submit" className="btn" disabled={busy}>
                {busy ? "Sending..." : "Send for review"}
              </button>
            </div>
          </Form>
        </section>
      ) : answer?.ok ? (
        <FormAnswer answer={answer} failure="" />
      ) : null}
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
