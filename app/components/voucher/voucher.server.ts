import type { AppLoadContext } from "@remix-run/cloudflare";
import { statusOf } from "@worker/api/errors";
import { DomainError } from "@worker/domain/errors";
import { voucherLogo } from "@worker/domain/vouchers/logo";
import type { VoucherTemplate } from "@worker/domain/vouchers/template";
import { verifyUrlOf, voucherSecretOf } from "@worker/domain/vouchers/verify-token";
import type { VoucherView } from "@worker/domain/vouchers/view";
import { signedInHeaders } from "~/lib/session.server";

/** A voucher as the PDF a browser downloads (`inline` shows it in place, as the pdf-template preview does). */
export async function voucherResponse(
  context: AppLoadContext,
  voucher: { view: VoucherView; template: VoucherTemplate; logo: string | null },
  disposition: "attachment" | "inline" = "attachment",
  filename = `voucher-${voucher.view.bookingRef}.pdf`,
) {
  const { view, template, logo } = voucher;
  const origin = context.config.PUBLIC_ORIGIN ?? context.url.origin;
  const [verifyUrl, image] = await Promise.all([
    verifyUrlOf(origin, voucherSecretOf(context.config), view.bookingRef),
    voucherLogo(context.env.MEDIA, logo),
  ]);
  // The renderer and pdf-lib (about a megabyte of the Worker's script) load on the first download, not on every start
  // of the Worker (vite.config.ts keeps them out of the server build for the Worker's bundler to load lazily).
  const { renderVoucher } = await import("@worker/domain/vouchers/render");
  const pdf = await renderVoucher(view, template, verifyUrl, image);
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      ...signedInHeaders,
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A refusal as the plain text a download answers (Remix would hide a resource route's thrown data behind
 * "Unexpected Server Error"): the guard's 403 page data, a domain error's status and message. A redirect (to the
 * login) and anything else go on as they are.
 */
export function downloadRefusal(error: unknown): unknown {
  let status: number | null = null;
  let message = "";
  if (error instanceof DomainError) {
    status = statusOf(error);
    message = error.message;
  } else if (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = error as { data: { message?: unknown } | null; init: ResponseInit | null };
    status = init?.status ?? 500;
    message = typeof data?.message === "string" ? data.message : "";
  }
  if (status === null) return error;
  return new Response(message, {
    status,
    headers: { ...signedInHeaders, "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
