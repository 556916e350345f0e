/**
 * A local stand-in of Cloudflare's custom hostnames API (Cloudflare for SaaS) for the Worker's outbound fetches
 * (Miniflare's outboundService), so the real adapter (worker/saas/custom-hostnames.ts) runs end to end offline.
 * It answers what Cloudflare documents, in its `{ success, errors, messages, result }` envelope:
 * - POST   /client/v4/zones/:zone/custom_hostnames      (JSON `hostname`, `ssl`) → the custom hostname, pending, with
 *   its ownership TXT (`_cf-custom-hostname.…`) and the certificate's TXT validation record;
 * - GET    /client/v4/zones/:zone/custom_hostnames/:id  → it as it now stands;
 * - PATCH  /client/v4/zones/:zone/custom_hostnames/:id  → validation run again; it as it now stands;
 * - DELETE /client/v4/zones/:zone/custom_hostnames/:id  → `{ id }`;
 * and refuses as Cloudflare does: a hostname already there (409, code 1406), an invalid one (400, code 1405), the
 * zone's quota reached (400, code 1414), a wrong token (403, code 10000), an unknown id (404, code 1436).
 * The test moves a hostname on with `activate`, `hostnameOnly` and `blockByCaa`. Every request is recorded.
 */

export const CF_API_TOKEN = "cf-stand-in-token-51d2e8";
export const CF_ZONE_ID = "023e105f4ecef8ad9ca31a8372d0c353";
export const FALLBACK_ORIGIN = "customers.tripbazaar.test";

type Hostname = {
  id: string;
  hostname: string;
  status: string;
  ssl: {
    status: string;
    method: string;
    type: string;
    validation_records: { txt_name: string; txt_value: string }[];
    validation_errors?: { message: string }[];
  };
  ownership_verification: { type: "txt"; name: string; value: string };
  verification_errors?: string[];
  created_at: string;
};

const envelope = (result: unknown, status = 200) => Response.json({ success: true, errors: [], messages: [], result }, { status });
const refusal = (status: number, code: number, message: string) =>
  Response.json({ success: false, errors: [{ code, message }], messages: [], result: null }, { status });

const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");

export function cloudflareSaasStandIn() {
  const hostnames = new Map<string, Hostname>();
  const requests: { method: string; path: string; authorization: string | null; body: any }[] = [];
  let quotaLeft = Number.POSITIVE_INFINITY;
  let down = false;

  const byName = (hostname: string) => [...hostnames.values()].find((h) => h.hostname === hostname);
  const must = (hostname: string) => {
    const h = byName(hostname);
    if (!h) throw new Error(`The stand-in has no custom hostname ${hostname}`);
    return h;
  };

  async function outbound(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path: url.pathname, authorization: request.headers.get("authorization"), body });
    if (url.hostname !== "api.cloudflare.com") return new Response("No such host in the stand-in", { status: 502 });
    if (down) throw new Error("connect ECONNREFUSED");
    const match = /^\/client\/v4\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return refusal(404, 7003, "Could not route to this path");
    if (request.headers.get("authorization") !== `Bearer ${CF_API_TOKEN}`) return refusal(403, 10000, "Authentication error");
    if (match[1] !== CF_ZONE_ID) return refusal(404, 1001, "Invalid zone identifier");
    const id = match[2] ? decodeURIComponent(match[2]) : null;

    if (!id && request.method === "POST") {
      const hostname = String(body?.hostname ?? "");
      if (!/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hostname) || hostname.startsWith("invalid-")) {
        return refusal(400, 1405, "The custom hostname you specified is invalid.");
      }
      if (byName(hostname)) return refusal(409, 1406, "Duplicate custom hostname found.");
      if (quotaLeft <= 0) return refusal(400, 1414, "You have reached the maximum number of custom hostnames for your zone.");
      quotaLeft--;
      const created: Hostname = {
        id: crypto.randomUUID(),
        hostname,
        status: "pending",
        ssl: {
          status: "pending_validation",
          method: body?.ssl?.method ?? "http",
          type: "dv",
          validation_records: [{ txt_name: `_acme-challenge.${hostname}`, txt_value: `ca3-${hex(16)}` }],
        },
        ownership_verification: { type: "txt", name: `_cf-custom-hostname.${hostname}`, value: crypto.randomUUID() },
        verification_errors: ["custom hostname does not CNAME to this zone."],
        created_at: new Date().toISOString(),
      };
      hostnames.set(created.id, created);
      return envelope(created, 201);
    }
    const found = id ? hostnames.get(id) : undefined;
    if (!found) return refusal(404, 1436, "The custom hostname was not found.");
    switch (request.method) {
      case "GET":
      case "PATCH":
        return envelope(found);
      case "DELETE":
        hostnames.delete(found.id);
        return envelope({ id: found.id });
      default:
        return refusal(405, 10405, "Method not allowed");
    }
  }

  return {
    outbound,
    requests,
    hostnames,
    /** Cloudflare sees the CNAME and the ownership TXT, and has issued and deployed the certificate. */
    activate(hostname: string) {
      const h = must(hostname);
      h.status = "active";
      h.verification_errors = undefined;
      h.ssl = { ...h.ssl, status: "active", validation_records: [], validation_errors: undefined };
    },
    /** Ownership proven; the certificate still waits for its validation. */
    hostnameOnly(hostname: string) {
      const h = must(hostname);
      h.status = "active";
      h.verification_errors = undefined;
    },
    /** A CAA record on the domain names other certificate authorities: the certificate cannot be issued. */
    blockByCaa(hostname: string) {
      const h = must(hostname);
      h.ssl = {
        ...h.ssl,
        status: "pending_validation",
        validation_errors: [{ message: "caa_error: CAA records for this hostname do not allow the issuing certificate authority" }],
      };
    },
    quota(left: number) {
      quotaLeft = left;
    },
    down() {
      down = true;
    },
    up() {
      down = false;
      quotaLeft = Number.POSITIVE_INFINITY;
    },
  };
}

/** The Worker's bindings for the real adapter against this stand-in. */
export const SAAS_BINDINGS = { CF_API_TOKEN, CF_ZONE_ID, SAAS_FALLBACK_ORIGIN: FALLBACK_ORIGIN };
