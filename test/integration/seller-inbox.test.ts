import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, bearer, latestEmail, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let wanderlust: Session;
let himalayan: Session;
let asha: Session;
beforeAll(async () => {
  w = await startWorker();
  [wanderlust, himalayan, asha] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const MESSAGES = "/api/seller-website/seller/s_wanderlust/website/messages";
const valid = {
  name: "Ravi Menon",
  email: "Ravi@Example.com",
  phone: "+91 98450 00000",
  subject: "Goa in January",
  message: "Is the Goa package available for four people?\n<b>Thanks</b>",
};
let ip = 0;
/** Each call comes from its own address unless one is given, so the per-visitor limit stays out of the way. */
const send = (body: unknown, path = MESSAGES, from = `203.0.113.${++ip}`) => w.api("POST", path, body, { "cf-connecting-ip": from });
const inbox = (s: Session, query = "") => w.api("GET", `/api/seller-admin/messages${query}`, undefined, bearer(s));
const countRows = async () => (await w.d1.prepare("SELECT count(*) AS n FROM contact_messages").first<{ n: number }>())?.n ?? 0;

describe("the seller inbox behind the contact form", () => {
  it("stores a visitor's message for the seller, emails a notice, and lists it as unread", async () => {
    const res = await send(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: "Thank you for your message! We will get back to you soon.",
      id: expect.stringMatching(/^msg_/),
    });

    const list = await inbox(wanderlust);
    expect(list.status).toBe(200);
    const mine = list.body.messages.find((m: { id: string }) => m.id === res.body.id);
    expect(mine).toMatchObject({
      name: "Ravi Menon",
      email: "ravi@example.com",
      phone: "+91 98450 00000",
      subject: "Goa in January",
      status: "new",
    });
    expect(mine.message).toBe(valid.message);
    expect(list.body.unread).toBeGreaterThanOrEqual(1);

    const notice = await latestEmail(w, "owner@wanderlust.example");
    expect(notice.subject).toBe("New message: Goa in January");
    expect(notice.text).toContain("Ravi Menon <ravi@example.com>");
    expect(notice.text).toContain("Is the Goa package available for four people?");
  });

  it("refuses bad input with the fields' messages and writes nothing", async () => {
    const before = await countRows();
    const res = await send({ name: " ", email: "not-an-email", subject: "", message: "x".repeat(5001), phone: "call me" });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    const paths = res.body.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(["email", "message", "name", "phone", "subject"]);
    expect((await send("just a string")).status).toBe(422);
    const malformed = await w.request(MESSAGES, { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it("answers Seller not found for an unknown seller and writes nothing", async () => {
    const before = await countRows();
    const res = await send(valid, "/api/seller-website/seller/s_nobody/website/messages");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: "Seller not found" });
    expect(await countRows()).toBe(before);
  });

  it("keeps each seller's inbox to that seller", async () => {
    const { body } = await send({ ...valid, subject: "For Wanderlust only" });
    const theirs = await inbox(himalayan);
    expect(theirs.status).toBe(200);
    expect(theirs.body.messages.some((m: { id: string }) => m.id === body.id)).toBe(false);
    const steal = await w.api("PUT", `/api/seller-admin/messages/${body.id}`, { status: "read" }, bearer(himalayan));
    expect(steal.status).toBe(404);
    const still = (await inbox(wanderlust, "?status=new")).body.messages.find((m: { id: string }) => m.id === body.id);
    expect(still.status).toBe("new");
    // Customers and visitors have no inbox.
    expect((await inbox(asha)).status).toBe(403);
    expect((await w.api("GET", "/api/seller-admin/messages")).status).toBe(401);
  });

  it("marks a message read and unread, and filters by it", async () => {
    const { body } = await send({ ...valid, subject: "Mark me" });
    const read = await w.api("PUT", `/api/seller-admin/messages/${body.id}`, { status: "read" }, bearer(wanderlust));
    expect(read.status).toBe(200);
    expect(read.body.contactMessage).toMatchObject({ id: body.id, status: "read" });
    expect((await inbox(wanderlust, "?status=read")).body.messages.map((m: { id: string }) => m.id)).toContain(body.id);
    expect((await inbox(wanderlust, "?status=new")).body.messages.map((m: { id: string }) => m.id)).not.toContain(body.id);
    expect((await w.api("PUT", `/api/seller-admin/messages/${body.id}`, { status: "archived" }, bearer(wanderlust))).status).toBe(422);
    expect((await inbox(wanderlust, "?status=archived")).status).toBe(422);
  });

  it("limits one visitor to 10 messages an hour per seller", async () => {
    const from = "198.51.100.7";
    const results = await Promise.all(Array.from({ length: 12 }, () => send(valid, MESSAGES, from)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Another visitor is not held back.
    expect((await send(valid)).status).toBe(201);
  });
});
