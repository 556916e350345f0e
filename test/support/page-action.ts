import { decode } from "turbo-stream";
import type { TestWorker } from "./worker";

/** What a signed-in page's action answers (app/lib/action-result.ts), with the extras some pages add. */
export type ActionAnswer = {
  ok: boolean;
  message: string;
  status?: number;
  issues?: { path: string; message: string }[];
  name?: string;
  token?: string;
};

/**
 * A page action as a fetcher sends it: POST to the page's single-fetch URL (`<page>.data`, keeping the query),
 * form fields or JSON, from our own origin. Its answer is decoded as the browser decodes it: `answer` is the
 * action's data, `redirect` a redirect single fetch carried; a thrown response (403 page) leaves both unset and
 * its body in `text`.
 */
export async function sendPageAction(
  w: TestWorker,
  path: string,
  body: Record<string, unknown>,
  { cookie, json = false }: { cookie?: string; json?: boolean } = {},
) {
  const [pathname, search] = path.split("?");
  const res = await w.request(`${pathname}.data${search ? `?${search}` : ""}`, {
    method: "POST",
    headers: {
      origin: "http://localhost",
      "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });
  const text = await res.text();
  let value: { data?: ActionAnswer; redirect?: string } = {};
  if (res.headers.get("content-type")?.includes("text/x-script")) {
    try {
      const decoded = await decode(new Response(text).body as ReadableStream<Uint8Array>);
      await decoded.done;
      value = decoded.value as typeof value;
    } catch {
      value = {};
    }
  }
  return { status: res.status, headers: res.headers, text, answer: value.data, redirect: value.redirect };
}
