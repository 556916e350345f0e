import { outbox } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { enqueueFollowUps } from "../follow-ups/outbox";

export type Email = { to: string; subject: string; text: string; sellerId?: string | null };

/**
 * Records an email in the outbox (pending) and puts it on the FOLLOW_UPS queue, whose consumer delivers it with
 * retries (ADR 0039): the caller waits for one D1 write, never for the email provider. In development the delivery
 * prints it; either way it can be read at once from GET /api/dev/outbox. A lost enqueue is made good by the
 * scheduled run, so only a failed write throws.
 */
export async function sendEmail(db: Db, config: AppConfig, email: Email) {
  const id = crypto.randomUUID();
  await db
    .insert(outbox)
    .values({ id, to: email.to.toLowerCase(), subject: email.subject, text: email.text, sellerId: email.sellerId ?? null });
  await enqueueFollowUps(config, [id]);
}

/**
 * For notices sent after a change is written: a failure is logged and never fails or undoes the
 * change, whose answer the client still gets (ADR 0020). A repeat of the request finds the change
 * done and sends nothing, so a notice is sent at most once.
 */
export async function trySendEmail(db: Db, config: AppConfig, email: Email) {
  try {
    await sendEmail(db, config, email);
  } catch (error) {
    console.error(`Email failed: ${email.subject}`, error);
  }
}
