import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { outbox } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { deliverEmail } from "../../email/provider";
import { bookingFollowUpEmail } from "../bookings/follow-ups";
import { paymentFollowUpEmail } from "../payments/emails";
import { reviewInvitationEmail } from "../reviews/invitations";
import { travelCancellationEmail } from "../travel/follow-ups";
import { notFound } from "../errors";
import { deleteStudentDocument } from "../students/service";
import { makeImageVariants } from "../seller-admin/variants";
import type { ImageResizer } from "../../images/resizer";
import { type AuditActor, auditInsertWhen } from "../audit/entry";
import { CLAIM_LEASE_MS, type OutboxRow, enqueueFollowUps } from "./outbox";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * One message of the FOLLOW_UPS queue, handled exactly once whatever the queue redelivers (ADR 0039): the row is
 * claimed by one conditional UPDATE, so a row already sent, dead, or held by another consumer is left alone
 * ("skipped"). A booking's follow-up first becomes its email (kept on the row, so a retry sends the same words); the
 * email is delivered and the row marked sent. A failure lets go of the row with its reason and throws, for the
 * queue to retry the message.
 */
export async function handleFollowUp(
  db: Db,
  config: AppConfig,
  id: string,
  now: Date,
  { media, images }: { media?: R2Bucket; images?: ImageResizer } = {},
): Promise<"sent" | "skipped"> {
  const at = now.toISOString();
  const claimed = await db
    .update(outbox)
    .set({ status: "sending", claimedAt: at, attempts: sql`${outbox.attempts} + 1` })
    .where(
      and(
        eq(outbox.id, id),
        or(
          eq(outbox.status, "pending"),
          and(eq(outbox.status, "sending"), lt(outbox.claimedAt, new Date(now.getTime() - CLAIM_LEASE_MS).toISOString())),
        ),
      ),
    )
    .returning()
    .get();
  if (!claimed) return "skipped";
  // A follow-up never happens before the decision that asked for it: its refund and email are dated no earlier than
  // the row (the decision's own time, which the tests' moved clock sets; in production the two are the same).
  const workedAt = new Date(Math.max(now.getTime(), Date.parse(claimed.createdAt) || 0));
  try {
    // Not an email: a decided student ID is deleted from R2 (issue 28), with the same retries.
    if (claimed.kind === "student-document") await deleteStudentDocument(media, claimed.payload);
    else if (claimed.kind === "image-variants") await makeImageVariants(media, images, claimed.payload);
    else {
      const email = await emailOf(db, config, claimed, workedAt);
      await deliverEmail(config, { id, ...email });
    }
    await db
      .update(outbox)
      .set({ status: "sent", sentAt: new Date().toISOString(), claimedAt: null, error: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, "sending")));
    return "sent";
  } catch (error) {
    await db
      .update(outbox)
      .set({ status: "pending", claimedAt: null, error: reasonOf(error) })
      .where(and(eq(outbox.id, id), eq(outbox.status, "sending")))
      .catch(() => undefined);
    throw error;
  }
}

/** The row's email: as written, or (a booking's follow-up seen for the first time) written now and kept on the row. */
async function emailOf(db: Db, config: AppConfig, row: OutboxRow, now: Date) {
  if (row.kind === "email" || row.to !== "") return { to: row.to, subject: row.subject, text: row.text };
  const email =
    row.kind === "booking-answer" || row.kind === "booking-cancellation"
      ? await bookingFollowUpEmail(db, config, row, now)
      : row.kind === "review-invitation"
        ? await reviewInvitationEmail(db, config, row)
        : row.kind === "travel-cancellation"
          ? await travelCancellationEmail(db, config, row, now)
          : await paymentFollowUpEmail(db, config, row, now);
  const written = { to: email.to.toLowerCase(), subject: email.subject, text: email.text };
  await db.update(outbox).set(written).where(eq(outbox.id, row.id));
  return written;
}

/** The dead-letter queue's consumer: the message's last retry failed, so its row is marked dead, with the reason. */
export async function markDead(db: Db, id: string, reason: string | null) {
  await db
    .update(outbox)
    .set({ status: "dead", claimedAt: null, error: sql`coalesce(${reason}, ${outbox.error}, 'The queue gave up on this message')` })
    .where(and(eq(outbox.id, id), or(eq(outbox.status, "pending"), eq(outbox.status, "sending"))));
}

/** The superadmin panel's list of messages that could not be delivered, newest first. */
export function deadFollowUps({ db, load }: Reader) {
  return load(
    db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        to: outbox.to,
        subject: outbox.subject,
        error: outbox.error,
        attempts: outbox.attempts,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(eq(outbox.status, "dead"))
      .orderBy(desc(outbox.createdAt))
      .limit(50),
  );
}

export const NOT_DEAD = "This message is not waiting for a retry";

/** The operator's retry of a dead message: pending again, with its tries reset, and back on the queue. 404 if it is not dead. */
export async function retryDeadFollowUp(db: Db, config: AppConfig, admin: AuditActor, id: string) {
  const dead = and(eq(outbox.id, id), eq(outbox.status, "dead"));
  // The entry first, while the message is still dead: written only if this retry revives it.
  const [, revived] = await db.batch([
    auditInsertWhen(
      db,
      admin,
      { action: "message.retry", targetType: "message", targetId: id, before: { status: "dead" }, after: { status: "pending" } },
      sql`exists (select 1 from ${outbox} where ${dead})`,
    ),
    db.update(outbox).set({ status: "pending", attempts: 0, error: null, claimedAt: null }).where(dead).returning({ id: outbox.id }),
  ]);
  if (revived.length === 0) throw notFound(NOT_DEAD);
  await enqueueFollowUps(config, [id]);
}
