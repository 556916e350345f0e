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
  url?: string;
};

/**
 * A form as the browser sends it, multipart when it holds a file: its content type and bytes (encoded here, as
 * Miniflare's own fetch does not know this runtime's FormData).
 */
export async function encodeForm(form: FormData) {
  const encoded = new Response(form);
  return { type: encoded.headers.get("content-type") ?? "", body: await encoded.arrayBuffer() };
}

/**
 * A page action as a fetcher sends it: POST to the page's single-fetch URL (`<page>.data`, keeping the query),
 * form fields, JSON or a multipart `FormData` (an upload), from our own origin. Its answer is decoded as the
 * browser decodes it: `answer` is the action's data, `redirect` a redirect single fetch carried; a thrown response
 * (403 page) leaves both unset and its body in `text`.
 */
export async function sendPageAction(
  w: TestWorker,
  path: string,
  body: Record<string, unknown> | FormData,
  { cookie, json = false }: { cookie?: string; json?: boolean } = {},
) {
  const [pathname, search] = path.split("?");
  const multipart = body instanceof FormData ? await encodeForm(body) : null;
  const res = await w.request(`${pathname}.data${search ? `?${search}` : ""}`, {
    method: "POST",
    headers: {
      origin: "http://localhost",
      "content-type": multipart?.type ?? (json ? "application/json" : "application/x-www-form-urlencoded"),
      ...(cookie ? { cookie } : {}),
    },
    body: multipart?.body ?? (json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString()),
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
