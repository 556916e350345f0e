import { SignJWT, UnsecuredJWT, base64url } from "jose";
import { SESSION_TYPE } from "../../worker/auth/jwt";
import { TEST_ENV } from "./env";

const key = (secret: string) => new TextEncoder().encode(secret);
const b64json = (value: unknown) => base64url.encode(JSON.stringify(value));

type Claims = { sub: string; role: string; ver: number };

/** A token exactly like a real session, with any part overridden: the base the forgeries start from. */
async function session(
  claims: Claims,
  o: { secret?: string; alg?: string; typ?: string | null; iss?: string; aud?: string; exp?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: o.alg ?? "HS256", ...(o.typ === null ? {} : { typ: o.typ ?? SESSION_TYPE }) };
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader(header)
    .setSubject(claims.sub)
    .setIssuer(o.iss ?? TEST_ENV.JWT_ISSUER)
    .setAudience(o.aud ?? TEST_ENV.JWT_AUDIENCE)
    .setIssuedAt(now - 60)
    .setExpirationTime(o.exp ?? now + 3600)
    .sign(key(o.secret ?? TEST_ENV.JWT_SECRET));
}

/**
 * Forged session tokens that all claim `claims` (the test passes the superadmin's, so a forgery
 * that got through would pass any role check and show as something other than 401). `realToken`
 * is a genuine session of another account whose signature the tampered token borrows.
 */
export async function forgedTokens(claims: Claims, realToken: string): Promise<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: claims.sub,
    role: claims.role,
    ver: claims.ver,
    iss: TEST_ENV.JWT_ISSUER,
    aud: TEST_ENV.JWT_AUDIENCE,
    iat: now - 60,
    exp: now + 3600,
  };
  const [, , realSignature] = realToken.split(".");
  const hmacOver = async (header: object, alg: "SHA-256" | "SHA-512") => {
    const input = `${b64json(header)}.${b64json(payload)}`;
    const k = await crypto.subtle.importKey("raw", key(TEST_ENV.JWT_SECRET), { name: "HMAC", hash: alg }, false, ["sign"]);
    return `${input}.${base64url.encode(new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(input))))}`;
  };
  return {
    "alg none (jose UnsecuredJWT)": new UnsecuredJWT({ role: claims.role, ver: claims.ver })
      .setSubject(claims.sub)
      .setIssuer(TEST_ENV.JWT_ISSUER)
      .setAudience(TEST_ENV.JWT_AUDIENCE)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 3600)
      .encode(),
    "alg none with a session typ and a junk signature": `${b64json({ alg: "none", typ: SESSION_TYPE })}.${b64json(payload)}.c2ln`,
    "HS256 with a wrong key": await session(claims, { secret: "not-the-platform-secret-0123456789abcdef" }),
    expired: await session(claims, { exp: now - 10 }),
    "wrong iss": await session(claims, { iss: "https://evil.example" }),
    "wrong aud": await session(claims, { aud: "someone-else" }),
    'wrong typ ("JWT")': await session(claims, { typ: "JWT" }),
    "no typ": await session(claims, { typ: null }),
    "payload tampered (signature of another session)": `${b64json({ alg: "HS256", typ: SESSION_TYPE })}.${b64json(payload)}.${realSignature}`,
    "HS512 with the platform key": await hmacOver({ alg: "HS512", typ: SESSION_TYPE }, "SHA-512"),
    "RS256 header, HMAC-signed with the platform key (alg confusion)": await hmacOver({ alg: "RS256", typ: SESSION_TYPE }, "SHA-256"),
    "signed with the sister platform's hand-over key": await session(claims, { secret: TEST_ENV.HANDOVER_JWT_SECRET }),
    "sister hand-over key and issuer": await session(claims, { secret: TEST_ENV.HANDOVER_JWT_SECRET, iss: TEST_ENV.HANDOVER_JWT_ISSUER }),
  };
}

/** A genuine single-use hand-over token of the sister platform (its key and issuer), for `sub`, valid 5 minutes. */
export function sisterHandoverToken(sub: string, claims: Record<string, unknown> = { email: "asha@example.com" }) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setIssuer(TEST_ENV.HANDOVER_JWT_ISSUER)
    .setAudience(TEST_ENV.JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("5m")
    .setJti(crypto.randomUUID())
    .sign(key(TEST_ENV.HANDOVER_JWT_SECRET));
}
