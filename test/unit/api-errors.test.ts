import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, errorResponse } from "../../worker/api/errors";
import { validate } from "../../worker/api/validate";
import { expectConsoleError } from "../support/console-guard";

function app() {
  const a = new Hono();
  a.post("/echo", validate("json", z.object({ name: z.string().min(1, "Name is required") })), (c) => c.json(c.req.valid("json")));
  a.get("/boom", () => {
    throw new Error("secret internals at /srv/app.js:42");
  });
  a.get("/conflict", () => {
    throw new ApiError(409, "Already done");
  });
  a.onError((e, c) => errorResponse(c, e));
  return a;
}

describe("the API error shape", () => {
  it("answers malformed JSON with 400", async () => {
    const res = await app().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: "Malformed request body" });
  });

  it("answers invalid input with 422 and the issues", async () => {
    const res = await app().request("/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message: "Name is required",
      issues: [{ path: "name", message: "Name is required" }],
    });
  });

  it("keeps expected failures' status and message", async () => {
    const res = await app().request("/conflict");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, message: "Already done" });
  });

  it("answers a bug with 500 and no internals", async () => {
    expectConsoleError("Unhandled API error");
    const res = await app().request("/boom");
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ success: false, message: "Something went wrong. Please try again." });
    expect(body).not.toContain("secret internals");
  });
});
