import { ApiRequestError, errorMessage } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";

export type { SellerPackage } from "@worker/domain/seller-admin/packages";

export type Domain = {
  id: string;
  hostname: string;
  status: "pending" | "active";
  verificationToken: string;
  txtRecord: string;
  createdAt: string;
};

export type SiteSettings = {
  seller: {
    id: string;
    name: string;
    email: string;
    logo: string | null;
    bio: string | null;
    phone: string | null;
    address: string | null;
    backgroundImage: string | null;
  };
  websiteConfig: { themeColor: string; secondaryColor: string; websiteName: string; wallpaperImage: string | null };
  domains: Domain[];
  sitePath: string;
};

/** Field path -> first message, from a 422 `{issues}` body; `images.2` also sets `images`. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiRequestError) || error.status !== 422) return errors;
  const issues = (error.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
  for (const { path, message } of issues) {
    const parts = path.split(".");
    for (let i = parts.length; i > 0; i--) errors[parts.slice(0, i).join(".")] ??= message;
  }
  return errors;
}

/**
 * Sends an image file as the raw request body (the API client only speaks JSON).
 * Same bearer token as every other call; the server decides the type from the bytes.
 */
export async function uploadImage(file: File): Promise<string> {
  const token = getToken();
  const res = await fetch("/api/seller-admin/media", {
    method: "POST",
    headers: {
      "content-type": file.type || "application/octet-stream",
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: file,
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!res.ok || !body?.url) throw new ApiRequestError(res.status, body?.message ?? "", body);
  return body.url;
}

export { errorMessage };
