import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ledgerCsvHeaders } from "@worker/api/ledger-csv";
import { ledgerQuery, sellerLedgerCsv } from "@worker/domain/payments/ledger";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";

/**
 * Download CSV of the payments page (issue 22: the page's own download, not our API): the same filters as the page,
 * the same guard, the same function and headers as `GET /api/seller-payments/export.csv`, which stays for API clients.
 * SECURITY: the rows are the session's seller's; no seller id is read from the address.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const query = pageQuery(context.url, ledgerQuery);
    // The guard's read and the ledger's in one D1 round trip, as on every signed-in page.
    const { csv, truncated } = await signedInData(context, "seller", (sellerId) => sellerLedgerCsv(context, sellerId, query));
    return new Response(csv, { headers: ledgerCsvHeaders(context.now, truncated) });
  } catch (error) {
    throw plainRefusal(error);
  }
}

/**
 * A refusal the guard or the filters throw as page data (another role's 403, a bad filter's 400) as the plain
 * text a download answers: Remix would hide a resource route's thrown data behind "Unexpected Server Error".
 * A redirect (to the login) goes on as it is.
 */
function plainRefusal(error: unknown): unknown {
  if (typeof error !== "object" || error === null || (error as { type?: unknown }).type !== "DataWithResponseInit") return error;
  const { data, init } = error as { data: { message?: unknown } | null; init: ResponseInit | null };
  const message = typeof data?.message === "string" ? data.message : "";
  return new Response(message, {
    status: init?.status ?? 500,
    headers: { ...signedInHeaders, "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
