import { and, count, desc, eq } from "drizzle-orm";
import { contactMessages, sellers } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { platformUrl } from "../email/links";
import { sendEmail } from "../email/send";
import type { ContactMessageInput } from "./schemas";

export const MESSAGES_PAGE_SIZE = 20;

export type ContactMessage = typeof contactMessages.$inferSelect;

/** Text of the notice the seller gets; plain text, so visitor input is never markup. */
export function newMessageNotice(m: Pick<ContactMessage, "name" | "email" | "phone" | "subject" | "message">, inboxUrl: string) {
  return [
    `${m.name} <${m.email}>${m.phone ? `, ${m.phone}` : ""} wrote through your website:`,
    "",
    `Subject: ${m.subject}`,
    "",
    m.message,
    "",
    "Reply to them by email, or read it in your seller dashboard under Messages:",
    inboxUrl,
  ].join("\n");
}

/**
 * Stores a visitor's message in the seller's inbox and emails the seller a notice.
 * Returns null when the seller does not exist (nothing is written).
 */
export async function receiveMessage(db: Db, config: AppConfig, sellerId: string, input: ContactMessageInput) {
  const [seller] = await db.select({ id: sellers.id, email: sellers.email }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  if (!seller) return null;
  const message = { id: `msg_${crypto.randomUUID()}`, sellerId: seller.id, ...input };
  await db.insert(contactMessages).values(message);
  await sendEmail(db, config, {
    to: seller.email,
    subject: `New message: ${input.subject.slice(0, 120)}`,
    text: newMessageNotice(input, platformUrl(config, "/seller-dashboard/messages")),
    sellerId: seller.id,
  });
  return { id: message.id };
}

/** One page of the seller's inbox, newest first, with the unread count; its reads share one D1 round trip. */
export async function listMessages({ db, load }: Reader, sellerId: string, filter: { status?: "new" | "read"; page: number }) {
  const mine = eq(contactMessages.sellerId, sellerId);
  const where = filter.status ? and(mine, eq(contactMessages.status, filter.status)) : mine;
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    load(
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(MESSAGES_PAGE_SIZE)
        .offset((filter.page - 1) * MESSAGES_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(contactMessages).where(where)),
    load(
      db
        .select({ unread: count() })
        .from(contactMessages)
        .where(and(mine, eq(contactMessages.status, "new"))),
    ),
  ]);
  return {
    messages: rows,
    unread,
    pagination: { page: filter.page, pageSize: MESSAGES_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)) },
  };
}

/** Marks one of the seller's own messages read or new; null when it is not theirs. */
export async function setMessageStatus(db: Db, sellerId: string, id: string, status: "new" | "read") {
  const [row] = await db
    .update(contactMessages)
    .set({ status })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.sellerId, sellerId)))
    .returning();
  return row ?? null;
}
