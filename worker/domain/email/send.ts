import { outbox } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";

export type Email = { to: string; subject: string; text: string; sellerId?: string | null };

/**
 * Records every email in the outbox. In development it is printed and stays
 * there to be read (GET /api/dev/outbox); in production it is delivered through
 * the HTTP email provider configured by EMAIL_API_URL / EMAIL_API_KEY.
 */
export async function sendEmail(db: Db, config: AppConfig, email: Email) {
  const id = crypto.randomUUID();
  const to = email.to.toLowerCase();
  await db.insert(outbox).values({ id, to, subject: email.subject, text: email.text, sellerId: email.sellerId ?? null });
  if (config.ENVIRONMENT !== "production") {
    console.log(`[outbox] to=${to} subject=${JSON.stringify(email.subject)}\n${email.text}`);
    return;
  }
  await deliverViaHttp(config, { ...email, to });
}

/** The production adapter: a JSON POST in the shape most transactional-email APIs accept. */
async function deliverViaHttp(config: AppConfig, email: Email) {
  if (!config.EMAIL_API_URL || !config.EMAIL_API_KEY) {
    console.error("Email provider is not configured (EMAIL_API_URL, EMAIL_API_KEY); message kept in the outbox only");
    return;
  }
  const res = await fetch(config.EMAIL_API_URL, {
    method: "POST",
    headers: { authorization: `Bearer ${config.EMAIL_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ from: config.EMAIL_FROM, to: [email.to], subject: email.subject, text: email.text }),
  });
  if (!res.ok) console.error(`Email provider answered ${res.status} for ${email.subject}`);
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
