import type { AppConfig } from "../env";

export type OutgoingEmail = { id: string; to: string; subject: string; text: string };

/** The email provider did not take a message: it failed, answered an error, or did not answer in time. */
export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
}

/**
 * Delivers one email. In development and tests it is printed (and read back from GET /api/dev/outbox); in production
 * it goes to the HTTP email provider configured by EMAIL_API_URL / EMAIL_API_KEY, as a JSON POST in the shape most
 * transactional-email APIs accept. The outbox row's id is the request's Idempotency-Key, so a message sent again
 * after a lost answer is not delivered twice by a provider that honours it. Throws {@link EmailDeliveryError}.
 */
export async function deliverEmail(config: AppConfig, email: OutgoingEmail): Promise<void> {
  if (config.ENVIRONMENT !== "production") {
    console.log(`[outbox] to=${email.to} subject=${JSON.stringify(email.subject)}\n${email.text}`);
    return;
  }
  if (!config.EMAIL_API_URL || !config.EMAIL_API_KEY) {
    throw new EmailDeliveryError("The email provider is not configured (EMAIL_API_URL, EMAIL_API_KEY)");
  }
  let res: Response;
  try {
    res = await fetch(config.EMAIL_API_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${config.EMAIL_API_KEY}`,
        "content-type": "application/json",
        "idempotency-key": email.id,
      },
      body: JSON.stringify({ from: config.EMAIL_FROM, to: [email.to], subject: email.subject, text: email.text }),
      // A provider that hangs must not hold the queue's consumer: give up, and the message is retried later.
      signal: AbortSignal.timeout(config.EMAIL_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new EmailDeliveryError(
      timedOut
        ? `The email provider did not answer within ${config.EMAIL_TIMEOUT_MS} ms`
        : `The email provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The body is read either way, so the connection is released.
  const body = await res.text().catch(() => "");
  if (!res.ok) throw new EmailDeliveryError(`The email provider answered ${res.status}${body ? `: ${body.slice(0, 200)}` : ""}`);
}
