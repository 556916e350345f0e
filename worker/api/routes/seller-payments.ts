import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { ok } from "../responses/common";
import { ledger } from "../responses/payments";
import { validate } from "../validate";
import { ledgerCsvHeaders } from "../ledger-csv";
import { CSV_MAX_ROWS } from "../../shared/ledger";
import { ledgerQuery, sellerLedger, sellerLedgerCsv } from "../../domain/payments/ledger";

/** /api/seller-payments — the signed-in seller's payments ledger and its CSV (issue 15). */
export const sellerPaymentRoutes = new Hono<ApiEnv>()
  // SECURITY: the seller is the session's account; no seller id is read from the request.
  .use(requireUserMiddleware("seller"))
  .get(
    "/",
    describeRoute({
      summary: "The signed-in seller's payments and refunds, newest first",
      description:
        "Each entry is a payment share received (`kind: payment`) or a refund of one (`kind: refund`, negative `amount`), in paise. `from` and `to` are days in India (inclusive) on the entry's date. `totals` cover the date range whatever `status` is.",
      responses: { 200: ledger.extend({ success: ok }) },
    }),
    validate("query", ledgerQuery),
    async (c) => c.json({ success: true, ...(await sellerLedger(c.var, c.var.userId, c.req.valid("query"))) }),
  )
  .get(
    "/export.csv",
    describeRoute({
      summary: "The signed-in seller's payments and refunds as a CSV file",
      description: `The same filters as the ledger (\`page\` and \`limit\` are ignored). UTF-8 with a byte order mark, CRLF lines, dates as dd/mm/yyyy in India, amounts in rupees (refunds negative), oldest first. At most ${CSV_MAX_ROWS.toLocaleString("en-IN")} rows, the newest; \`X-Ledger-Truncated: true\` says when there were more.`,
      responses: { 200: z.string() },
      mediaType: "text/csv",
      returns: "A CSV attachment",
    }),
    validate("query", ledgerQuery),
    async (c) => {
      const { csv, truncated } = await sellerLedgerCsv(c.var, c.var.userId, c.req.valid("query"));
      return c.body(csv, 200, ledgerCsvHeaders(c.var.now, truncated));
    },
  );
