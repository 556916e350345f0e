import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../worker/shared/format";
import { priceBooking } from "../../worker/domain/bookings/pricing";
import { SELLER_A, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";
import { latestCode, waitForEmail } from "../support/session";

/**
 * Issue 22, every form works without JavaScript: with scripts off, a traveller signs up on a seller's own domain
 * (the code from the dev outbox), logs out and in again, books a package and pays through the test provider's
 * page; the seller logs in and approves the booking. With scripts on, issue 24's journey: a guest on the seller's
 * domain fills the trip in, signs up with the code, comes back to the form as left, pays and reloads the success page;
 * the seller approves through the confirm dialog with a message that the email quotes (with spec §9's toasts).
 */
let e2e: E2E;
let browser: Browser;
let site: string;
let origin: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser, origin } = e2e);
  site = `http://wanderlust.localhost:${e2e.port}`;
});
afterAll(() => e2e?.close());

const PASSWORD = "Backwaters#2026";
const sessionCookie = async (context: BrowserContext, url: string) => (await context.cookies(url)).find((c) => c.name === "tb_session");
const header = (page: Page) => page.getByRole("banner");
const bookingOf = (email: string) =>
  e2e.w.d1
    .prepare(
      "SELECT b.id, b.booking_ref AS ref, b.status, b.payment_status, b.total, b.adults FROM bookings b JOIN users u ON u.id = b.user_id WHERE u.email = ? ORDER BY b.created_at DESC LIMIT 1",
    )
    .bind(email)
    .first<{ id: string; ref: string; status: string; payment_status: string; total: number; adults: number }>();

/** The signup form of the seller's site, filled in as a traveller would. */
async function fillSignup(page: Page, email: string) {
  await page.getByLabel("First Name").fill("Nila");
  await page.getByLabel("Last Name").fill("Raman");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
}

async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The trip: two adults at the first price tier, in a deluxe room; `scope` is the page or the booking dialog. */
async function fillTrip(scope: Page | ReturnType<Page["getByRole"]>) {
  await scope.getByLabel("Travel start date").fill(daysFromNow(50));
  for (const [i, name, age, gender] of [
    [0, "Nila Raman", "31", "female"],
    [1, "Arun Raman", "33", "male"],
  ] as const) {
    await scope.locator(`#traveller-${i}-name`).fill(name);
    await scope.locator(`#traveller-${i}-age`).fill(age);
    await scope.locator(`#traveller-${i}-gender`).selectOption(gender);
  }
  await scope.getByLabel("Room type").selectOption("deluxe");
}

const TRIP = priceBooking({ unitPrice: 1_599_900, adults: 2, children: 0, durationDays: 5, roomType: "deluxe" });
const PAY = `Pay ${formatRupees(TRIP.total)}`;

describe("the whole journey with JavaScript disabled", () => {
  it("signs up, logs out and in, books and pays on the seller's own domain; the seller approves", async () => {
    const email = `nojs-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    // 1. Signup, then the code from the outbox: the site's dashboard, signed in by the cookie alone.
    await page.goto(`${site}/signup`);
    await fillSignup(page, email);
    await page.getByRole("button", { name: "Create Your Account" }).click();
    await page.getByRole("heading", { name: "Verify Your Email" }).waitFor();
    await page.getByText("OTP sent to your email. Please check your inbox.").waitFor();
    await page.getByLabel("Verification Code").fill(await latestCode(e2e.w, email));
    await page.getByRole("button", { name: "Verify & Complete Signup" }).click();
    await page.waitForURL(`${site}/dashboard`);
    await page.getByRole("heading", { name: "Welcome, Nila!", exact: true }).waitFor();
    expect((await sessionCookie(context, site))?.httpOnly).toBe(true);
    await header(page).getByRole("link", { name: "Dashboard" }).waitFor();

    // 2. Logout: a form post that clears the cookie; the header says Login again.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${site}/`);
    expect(await sessionCookie(context, site)).toBeUndefined();
    await header(page).getByRole("link", { name: "Login" }).waitFor();

    // 3. Book Now signed out: the booking form is the page, for a guest too, saying sign-in comes before paying.
    // Two travellers need their fields, which the page is asked for again.
    await page.goto(`${site}/package/p_goa`);
    await page.getByRole("button", { name: "Book Now" }).click();
    await page.waitForURL(`${site}/package/p_goa?book=1`);
    await page.getByRole("heading", { name: "Book Goa Beach Escape" }).waitFor();
    await page.getByTestId("guest-note").waitFor();
    await page.getByLabel("Adults").selectOption("2");
    await page.getByRole("button", { name: "Update travellers and price" }).click();
    await page.locator("#traveller-1-name").waitFor();
    await fillTrip(page);
    await page.getByRole("button", { name: "Update travellers and price" }).click();
    await eventually(() => page.locator(".price-total").last().textContent()).toBe(formatRupees(TRIP.total));

    // 4. Pay as a guest: the site's login says why, and after it the form is back as it was left.
    await page.getByRole("button", { name: `Sign in to pay ${formatRupees(TRIP.total)}` }).click();
    await page.waitForURL((url) => url.pathname === "/login" && (url.searchParams.get("redirect") ?? "").includes("book=1"));
    await page.getByText("Sign in to book this trip. You will come straight back to its booking form.").waitFor();
    await fillLogin(page, email, "Wrong#password1");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await fillLogin(page, email);
    await page.waitForURL((url) => url.pathname === "/package/p_goa" && url.searchParams.get("book") === "1");
    await page.getByRole("heading", { name: "Book Goa Beach Escape" }).waitFor();
    expect(await page.locator("#traveller-0-name").inputValue()).toBe("Nila Raman");
    expect(await page.locator("#traveller-1-name").inputValue()).toBe("Arun Raman");
    expect(await page.getByLabel("Room type").inputValue()).toBe("deluxe");
    expect(await page.getByTestId("guest-note").count()).toBe(0);

    // 5. Pay: the checkout starts on the server and the page says how to pay: the test provider's page.
    await page.getByRole("button", { name: PAY }).click();
    await page.getByRole("heading", { name: "Test payment" }).waitFor();
    await page.getByRole("button", { name: PAY }).click();
    const booking = await bookingOf(email);
    expect(booking).toMatchObject({ status: "pending", payment_status: "completed", total: TRIP.total, adults: 2 });
    // The checkout's own page on the seller's domain, "Request sent" after a reload too (issue 24).
    await page.waitForURL(new RegExp(`^${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/booking-success\\?payment=py_`));
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    await page.getByRole("link", { name: "View booking" }).click();
    await page.waitForURL(`${site}/booking/${booking?.ref}`);
    await eventually(() => page.getByTestId("booking-status").textContent()).toBe("Pending");
    await context.close();

    // 6. The seller logs in on the platform and approves it.
    const sellerContext = await browser.newContext({ javaScriptEnabled: false });
    const seller = await sellerContext.newPage();
    await seller.goto(`${origin}/login`);
    await fillLogin(seller, SELLER_A, "Travel#2026");
    await seller.waitForURL(`${origin}/seller-dashboard`);
    await seller.goto(`${origin}/seller-dashboard/orders/${booking?.id}`);
    await eventually(() => seller.getByTestId("booking-status").textContent()).toBe("Pending");
    // Without scripts the optional message is a field of Approve's form, and the email quotes it.
    await seller.getByLabel("Message for the traveller (optional)").fill("Welcome aboard, see you in Goa.");
    await seller.getByRole("button", { name: "Approve" }).click();
    await seller.getByText("Booking approved successfully").waitFor();
    await eventually(() => seller.getByTestId("booking-status").textContent()).toBe("Confirmed");
    expect((await bookingOf(email))?.status).toBe("confirmed");
    const confirmed = await waitForEmail(e2e.w, email, (m) => m.subject.startsWith("Booking confirmed"));
    expect(confirmed.text).toContain("Message from the seller: Welcome aboard, see you in Goa.");
    await sellerContext.close();
  });
});

describe("the other forms with JavaScript disabled", () => {
  it("contact, forgot and reset password, Add to cart and the cart's Pay (declined, then paid), Cancel, Reject", async () => {
    const email = `nojs2-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signup = await e2e.w.api("POST", "/api/auth/signup", { name: "Tara Menon", email, password: PASSWORD });
    await e2e.w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(e2e.w, email) });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    // The seller's contact form: the server's check on its field, then the thanks and an empty form.
    await page.goto(`${site}/contact`);
    await page.getByLabel("Full Name*").fill("Tara Menon");
    await page.getByLabel("Email Address*").fill("tara@example");
    await page.getByLabel("Subject*").fill("Goa for four");
    await page.getByLabel("Message*").fill("Is the Goa package available in March?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(await page.getByLabel("Subject*").inputValue()).toBe("Goa for four");
    await page.getByLabel("Email Address*").fill("tara@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Thank you for your message! We will get back to you soon.").waitFor();
    expect(await page.getByLabel("Full Name*").inputValue()).toBe("");
    const inbox = await e2e.w.d1
      .prepare("SELECT subject FROM contact_messages WHERE email = 'tara@example.com'")
      .first<{ subject: string }>();
    expect(inbox?.subject).toBe("Goa for four");

    // Forgot password, then the emailed link: a new password, and the sign-in page.
    await page.goto(`${origin}/forgot-password`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText(/we have sent a link to reset the password/).waitFor();
    const mail = await waitForEmail(e2e.w, email, (m) => m.text.includes("/reset-password/"));
    await page.goto(`${origin}${new URL(/(http\S+\/reset-password\/\S+)/.exec(mail.text)?.[1] ?? "").pathname}`);
    await page.getByLabel("New Password", { exact: true }).fill("Monsoon#2027");
    await page.getByLabel("Confirm New Password").fill("Monsoon#2027");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL(`${origin}/login`);

    // Add to cart signed out: the form, then sign in, and back to the form as filled, which adds the trip.
    await page.goto(`${origin}/tour-package/p_goa`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(`${origin}/tour-package/p_goa?book=1`);
    await page.getByLabel("Travel start date").fill(daysFromNow(45));
    await page.locator("#traveller-0-name").fill("Meera Iyer");
    await page.locator("#traveller-0-age").fill("29");
    await page.locator("#traveller-0-gender").selectOption("female");
    await page.getByRole("button", { name: "Sign in to add to cart" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && (url.searchParams.get("redirect") ?? "").includes("book=1"));
    await fillLogin(page, email, "Monsoon#2027");
    await page.waitForURL((url) => url.pathname === "/tour-package/p_goa" && url.searchParams.get("book") === "1");
    expect(await page.locator("#traveller-0-age").inputValue()).toBe("29");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Goa Beach Escape is in your cart.").waitFor();
    await page.getByRole("link", { name: "Go to cart" }).click();

    // The cart's Pay: declined (nothing booked), then paid: the checkout's page.
    await page.waitForURL(`${origin}/cart`);
    const total = (await page.locator(".cart-total-figure").textContent()) ?? "";
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("heading", { name: "Test payment" }).waitFor();
    await page.getByRole("button", { name: "Decline payment" }).click();
    await page.getByRole("alert").filter({ hasText: "Your payment did not go through" }).waitFor();
    expect(await bookingOf(email)).toBeNull();
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page.waitForURL(/\/booking-success\?payment=py_/);
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const booking = await bookingOf(email);
    expect(booking).toMatchObject({ status: "pending", payment_status: "completed" });

    // The customer's Cancel on the booking's page.
    await page.goto(`${origin}/booking/${booking?.id}`);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await eventually(() => page.getByTestId("booking-status").textContent()).toBe("Cancelled");
    expect((await bookingOf(email))?.status).toBe("cancelled");
    await context.close();

    // The seller's Reject, with its reason in a field of the form.
    const sellerContext = await browser.newContext({ javaScriptEnabled: false });
    const seller = await sellerContext.newPage();
    await e2e.signIn(seller, SELLER_A);
    await seller.goto(`${origin}/seller-dashboard/orders/bk_w2`);
    await seller.getByLabel("Reason for rejection").fill("Hotels in Manali are full that week");
    await seller.getByRole("button", { name: "Reject" }).click();
    await seller.getByText("Booking rejected").first().waitFor();
    await eventually(() => seller.getByTestId("booking-status").textContent()).toBe("Rejected");
    await eventually(() => seller.getByTestId("seller-response").textContent()).toContain("Hotels in Manali are full that week");
    await sellerContext.close();
  });
});

describe("the seller's images with JavaScript disabled", () => {
  // An 8x8 PNG as Chromium's canvas encodes it.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
    "base64",
  );
  const imagesOf = (name: string) =>
    e2e.w.d1
      .prepare("SELECT images FROM packages WHERE seller_id = 's_wanderlust' AND name = ?")
      .bind(name)
      .first<{ images: string }>()
      .then((row) => (row ? (JSON.parse(row.images) as string[]) : null));

  it("adds a package with an uploaded image, refuses a non-image with nothing saved, and sets the wallpaper", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const seller = await context.newPage();
    const calls: string[] = [];
    await e2e.signIn(seller, SELLER_A);
    seller.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) calls.push(r.url());
    });

    // The form posts itself with the file: a refused image first (the message, what was typed kept, nothing saved).
    await seller.goto(`${origin}/seller-dashboard/packages/add-package`);
    await seller.getByLabel("Package name").fill("Hampi without scripts");
    await seller.getByLabel("City").fill("Hampi");
    await seller.getByLabel("Duration (days)").fill("4");
    await seller.getByLabel("Price 1 (₹)").fill("18999");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await seller.getByLabel("Upload image").setInputFiles({ name: "ruins.png", mimeType: "image/png", buffer: Buffer.from(svg) });
    await seller.getByRole("button", { name: "Save package" }).click();
    await seller.getByRole("alert").filter({ hasText: "Upload a JPEG, PNG or WebP image" }).waitFor();
    expect(await seller.getByLabel("Package name").inputValue()).toBe("Hampi without scripts");
    expect(await imagesOf("Hampi without scripts")).toBeNull();

    await seller.getByLabel("Upload image").setInputFiles({ name: "ruins.png", mimeType: "image/png", buffer: PNG });
    await seller.getByRole("button", { name: "Save package" }).click();
    await seller.waitForURL(`${origin}/seller-dashboard/packages`);
    await seller.getByRole("row", { name: /Hampi without scripts/ }).waitFor();
    const images = await imagesOf("Hampi without scripts");
    expect(images).toHaveLength(1);
    expect(images?.[0]).toMatch(/^\/media\/sellers\/s_wanderlust\/[0-9a-f-]{36}\.png$/);
    const served = await e2e.w.request(images?.[0] ?? "");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // The brand's wallpaper: the page again, with the answer and the image in it.
    await seller.goto(`${origin}/seller-dashboard/website`);
    await seller.getByLabel("Upload wallpaper image").setInputFiles({ name: "wall.png", mimeType: "image/png", buffer: PNG });
    await seller.getByRole("button", { name: "Save brand" }).click();
    await seller.getByRole("status").filter({ hasText: "Website settings saved" }).waitFor();
    const wallpaper = await seller.getByLabel("Wallpaper image", { exact: true }).inputValue();
    expect(wallpaper).toMatch(/^\/media\/sellers\/s_wanderlust\/[0-9a-f-]{36}\.png$/);
    // Nothing but the sign-in fixture's own page asked our API for anything.
    expect(calls.filter((url) => !url.endsWith("/api/health"))).toEqual([]);
    await context.close();
  });
});

describe("account settings with JavaScript disabled", () => {
  it("changes the profile's name and the password with its emailed code; this device stays signed in", async () => {
    const email = `nojs3-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signup = await e2e.w.api("POST", "/api/auth/signup", { name: "Kavya Pillai", email, password: PASSWORD });
    await e2e.w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(e2e.w, email) });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await e2e.signIn(page, email, { password: PASSWORD });
    await page.goto(`${origin}/user-dashboard/settings`);

    // Profile Information: the name is the first and last name (spec §3).
    await page.getByLabel("Last Name").fill("Pillai Nair");
    await page.getByLabel("Phone").fill("+91 90000 44444");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("Profile updated successfully!").waitFor();
    expect(await e2e.w.d1.prepare("SELECT name, phone FROM users WHERE email = ?").bind(email).first()).toEqual({
      name: "Kavya Pillai Nair",
      phone: "+91 90000 44444",
    });
    expect(await page.getByLabel("Last Name").inputValue()).toBe("Pillai Nair");

    // Change Password: a wrong current password is refused in the card; the right one sends the code.
    await page.getByLabel("Current Password").fill("Not#thePassword1");
    await page.getByRole("button", { name: "Request OTP" }).click();
    await page.getByRole("alert").filter({ hasText: "Current password is incorrect" }).waitFor();
    await page.getByLabel("Current Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Request OTP" }).click();
    await page.getByText("OTP sent to your email. Please check your inbox.").waitFor();

    // New, confirm and the code: a mismatch is the server's answer on its field, then the change.
    await page.getByLabel("New Password", { exact: true }).fill("Monsoon#2027");
    await page.getByLabel("Confirm New Password").fill("Monsoon#2028");
    await page.getByLabel("OTP", { exact: true }).fill(await latestCode(e2e.w, email));
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Passwords do not match").waitFor();
    const before = (await sessionCookie(context, origin))?.value;
    await page.getByLabel("New Password", { exact: true }).fill("Monsoon#2027");
    await page.getByLabel("Confirm New Password").fill("Monsoon#2027");
    await page.getByLabel("OTP", { exact: true }).fill(await latestCode(e2e.w, email));
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password updated successfully!").waitFor();
    await eventually(() => page.getByLabel("New Password", { exact: true }).count()).toBe(0);

    // The new password signs in; this device holds a fresh cookie and is still signed in.
    const after = await sessionCookie(context, origin);
    expect(after?.httpOnly).toBe(true);
    expect(after?.value).not.toBe(before);
    const login = await e2e.w.api("POST", "/api/auth/login", { email, password: "Monsoon#2027" });
    expect(login.status).toBe(200);
    await page.goto(`${origin}/user-dashboard/settings`);
    await eventually(() => page.getByLabel("Last Name").inputValue()).toBe("Pillai Nair");
    await context.close();
  });

  it("changes the profile on a seller's site, whose customer settings share the cards", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await e2e.signIn(page, "asha@example.com", { origin: site });
    await page.goto(`${site}/settings`);
    await page.getByLabel("Phone").fill("+91 98111 55555");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("Profile updated successfully!").waitFor();
    expect((await e2e.w.d1.prepare("SELECT phone FROM users WHERE email = 'asha@example.com'").first<{ phone: string }>())?.phone).toBe(
      "+91 98111 55555",
    );
    await context.close();
  });
});

describe("the same journey with JavaScript on", () => {
  /** A toast of spec §9 (react-hot-toast: a status message at the top centre). */
  const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor();

  it("a guest on the seller's domain books, signs up with the code, comes back to the form as left, pays; the seller approves with a message the email quotes", async () => {
    const email = `js-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const context = await browser.newContext();
    const page = await context.newPage();

    // 1. A guest taps Book Now and fills the trip in; the form says sign-in comes before paying.
    await page.goto(`${site}/package/p_goa`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Goa Beach Escape" });
    await dialog.getByTestId("guest-note").waitFor();
    await dialog.getByLabel("Adults").selectOption("2");
    await fillTrip(dialog);
    await dialog.getByLabel("Special requests").fill("Ground-floor room, please.");
    await eventually(() => dialog.locator(".price-total").last().textContent()).toBe(formatRupees(TRIP.total));
    await dialog.getByRole("button", { name: `Sign in to pay ${formatRupees(TRIP.total)}` }).click();

    // 2. The site's sign-in says why; "Sign up here" keeps the way back; the code completes the account.
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText("Sign in to book this trip. You will come straight back to its booking form.").waitFor();
    await page.getByRole("link", { name: "Sign up here" }).click();
    await page.waitForURL((url) => url.pathname === "/signup" && (url.searchParams.get("redirect") ?? "").includes("book=1"));
    await whenHydrated(page);
    await fillSignup(page, email);
    await page.getByRole("button", { name: "Create Your Account" }).click();
    await toast(page, "OTP sent to your email. Please check your inbox.");
    await page.getByLabel("Verification Code").fill(await latestCode(e2e.w, email));
    await page.getByRole("button", { name: "Verify & Complete Signup" }).click();

    // 3. Back on the same package, the form as it was left: travellers, room, requests.
    await page.waitForURL((url) => url.pathname === "/package/p_goa" && url.searchParams.get("book") === "1");
    await page.getByRole("heading", { name: "Book Goa Beach Escape" }).waitFor();
    expect(await page.locator("#traveller-0-name").inputValue()).toBe("Nila Raman");
    expect(await page.locator("#traveller-1-name").inputValue()).toBe("Arun Raman");
    expect(await page.getByLabel("Room type").inputValue()).toBe("deluxe");
    expect(await page.getByLabel("Special requests").inputValue()).toBe("Ground-floor room, please.");
    expect(await page.getByTestId("guest-note").count()).toBe(0);

    // 4. Pay: the checkout's own page on the seller's domain, still "Request sent" after a reload.
    await whenHydrated(page);
    await page.getByRole("button", { name: PAY }).click();
    await page.getByRole("dialog", { name: "Test payment" }).getByRole("button", { name: PAY }).click();
    await toast(page, "Payment received");
    await page.waitForURL((url) => url.origin === site && url.pathname === "/booking-success");
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const booking = await bookingOf(email);
    expect(booking).toMatchObject({ status: "pending", payment_status: "completed", total: TRIP.total, adults: 2 });
    await context.close();

    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    await seller.goto(`${origin}/login`);
    await whenHydrated(seller);
    await fillLogin(seller, SELLER_A, "Travel#2026");
    await toast(seller, "Login successful! Redirecting...");
    await seller.waitForURL(`${origin}/seller-dashboard`);
    await seller.goto(`${origin}/seller-dashboard/orders/${booking?.id}`);
    await whenHydrated(seller);
    // 5. The seller approves through the confirm dialog, with a message; the traveller's email quotes it.
    await seller.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = seller.getByRole("dialog", { name: `Approve booking ${booking?.ref}?` });
    await approve.getByLabel("Message for the traveller (optional)").fill("A ground-floor room is held for you.");
    await approve.getByRole("button", { name: "Approve booking" }).click();
    await toast(seller, "Booking approved successfully");
    await eventually(() => seller.getByTestId("booking-status").textContent()).toBe("Confirmed");
    const confirmed = await waitForEmail(e2e.w, email, (m) => m.subject.startsWith("Booking confirmed"));
    expect(confirmed.text).toContain("Message from the seller: A ground-floor room is held for you.");
    await sellerContext.close();
  });
});
