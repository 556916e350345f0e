import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { type SignedInUser, signedInData } from "~/lib/session.server";

/** A seller-site customer page's data: the prompt (`customer: null`), or the customer and what the page read. */
export type SiteCustomerData<T> = { customer: null } | ({ customer: SignedInUser } & T);

/**
 * Spec §2/§6: the seller site's dashboard and settings belong to a customer of this site. Nobody signed
 * in, the seller owner (user id = sellerId) and a session that has ended all get the login prompt,
 * rendered on the server with status 200. A customer gets `read`'s data, read in one D1 batch with the
 * site and the session check.
 */
export async function siteCustomerData<T extends object>(context: AppLoadContext, read: (userId: string) => Promise<T>) {
  const { sellerId } = requireSellerTenant(context);
  const prompt = (init?: ResponseInit) => data<SiteCustomerData<T>>({ customer: null }, init);
  if (!context.viewer || context.viewer.sub === sellerId) return prompt();
  try {
    const { user, ...found } = await signedInData(context, undefined, read);
    return data({ customer: user, ...found } as SiteCustomerData<T>);
  } catch (error) {
    // A disabled account, or a token from before a password change: the prompt, and the cookie goes.
    if (error instanceof Response && error.status === 302 && error.headers.get("location")?.startsWith("/login?")) {
      const cookie = error.headers.get("set-cookie");
      return prompt(cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
    }
    throw error;
  }
}
