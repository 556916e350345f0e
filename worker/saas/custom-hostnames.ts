import { z } from "zod";
import type { DomainRecord } from "@db/sellers";

/**
 * What the custom-domain lifecycle needs from Cloudflare for SaaS (ADR 0041): create a custom hostname, read it,
 * ask Cloudflare to validate it again, delete it. Two implementations: the real API by fetch (`cloudflareHostnames`)
 * and an offline one for development and tests (`offlineHostnames`), chosen by configuration (./config.ts).
 */
export type HostnameState = {
  id: string;
  hostname: string;
  /** Where the seller's DNS points: ownership seen (active), not yet (pending), or refused (failed, with why). */
  hostname_status: "pending" | "active" | "failed";
  certificate_status: "pending" | "active" | "failed";
  /** The ownership TXT and the certificate's validation records, as Cloudflare last gave them. */
  records: DomainRecord[];
  /** Why Cloudflare refuses the hostname or its certificate, in its words; null when nothing is wrong. */
  failure: string | null;
};

export interface CustomHostnames {
  readonly name: "cloudflare" | "offline";
  /** The host every custom domain CNAMEs to (the zone's fallback origin or its CNAME target). */
  readonly cnameTarget: string;
  create(hostname: string): Promise<HostnameState>;
  get(id: string): Promise<HostnameState | null>;
  /** Asks Cloudflare to validate again now (after the seller fixed a record); answers the state it then reports. */
  refresh(id: string): Promise<HostnameState | null>;
  /** Deleting a hostname Cloudflare no longer has is not an error. */
  delete(id: string): Promise<void>;
}

/** Why Cloudflare refused; `kind` decides what the seller is told (worker/domain/seller-admin/domains.ts). */
export type HostnameRefusal = "taken" | "invalid" | "quota" | "unavailable";

export class CustomHostnameError extends Error {
  constructor(
    message: string,
    readonly kind: HostnameRefusal,
  ) {
    super(message);
    this.name = "CustomHostnameError";
  }
}

/**
 * Whether `error` is a CustomHostnameError. By name, not instanceof: the Remix server build carries its own copy of
 * this module, and the service it calls may come from the Worker's (the load context).
 */
export const isHostnameError = (error: unknown): error is CustomHostnameError =>
  error instanceof Error && error.name === "CustomHostnameError" && typeof (error as CustomHostnameError).kind === "string";

/** How long one call to the Cloudflare API may take before it counts as no answer. */
export const CLOUDFLARE_TIMEOUT_MS = 10_000;

// Cloudflare's error codes for a custom hostname it refuses (its API answers 400/409 with one of these).
const TAKEN_CODES = new Set([1406, 1407, 1409]);
const QUOTA_CODES = new Set([1410, 1414]);
const INVALID_CODES = new Set([1400, 1401, 1402, 1403, 1404, 1405, 1411, 1413, 1415, 1416]);

const sslShape = z
  .object({
    status: z.string().default("initializing"),
    method: z.string().optional(),
    validation_records: z
      .array(
        z.object({
          txt_name: z.string().optional(),
          txt_value: z.string().optional(),
          http_url: z.string().optional(),
          http_body: z.string().optional(),
        }),
      )
      .nullish(),
    validation_errors: z.array(z.object({ message: z.string() })).nullish(),
  })
  .partial()
  .nullish();

const hostnameShape = z.object({
  id: z.string().min(1),
  hostname: z.string().min(1),
  status: z.string().default("pending"),
  ssl: sslShape,
  verification_errors: z.array(z.string()).nullish(),
  ownership_verification: z.object({ type: z.string().optional(), name: z.string(), value: z.string() }).nullish(),
});

const envelope = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).default([]),
  result: z.unknown().optional(),
});

const HOSTNAME_FAILED = new Set(["blocked", "moved", "deleted", "test_failed"]);
const CERTIFICATE_FAILED = new Set([
  "validation_timed_out",
  "issuance_timed_out",
  "deployment_timed_out",
  "deletion_timed_out",
  "expired",
  "deleted",
]);

/** Cloudflare's custom hostname object, read into the few things the lifecycle decides on. */
export function stateOf(raw: z.infer<typeof hostnameShape>): HostnameState {
  const ssl = raw.ssl ?? {};
  const records: DomainRecord[] = [];
  if (raw.ownership_verification) {
    records.push({ type: "TXT", name: raw.ownership_verification.name, value: raw.ownership_verification.value, purpose: "ownership" });
  }
  for (const r of ssl.validation_records ?? []) {
    if (r.txt_name && r.txt_value) records.push({ type: "TXT", name: r.txt_name, value: r.txt_value, purpose: "certificate" });
    else if (r.http_url && r.http_body) records.push({ type: "HTTP", name: r.http_url, value: r.http_body, purpose: "certificate" });
  }
  const sslErrors = (ssl.validation_errors ?? []).map((e) => e.message);
  const hostnameStatus = raw.status === "active" ? "active" : HOSTNAME_FAILED.has(raw.status) ? "failed" : "pending";
  // A validation error (a CAA record naming other authorities, say) stops the certificate until the seller acts.
  const certificateStatus =
    ssl.status === "active" ? "active" : CERTIFICATE_FAILED.has(ssl.status ?? "") || sslErrors.length > 0 ? "failed" : "pending";
  const failure =
    hostnameStatus === "failed"
      ? `Cloudflare reports the hostname ${raw.status}${raw.verification_errors?.length ? `: ${raw.verification_errors.join("; ")}` : ""}`
      : certificateStatus === "failed"
        ? `The certificate cannot be issued: ${sslErrors.join("; ") || (ssl.status ?? "").replaceAll("_", " ")}`
        : null;
  return { id: raw.id, hostname: raw.hostname, hostname_status: hostnameStatus, certificate_status: certificateStatus, records, failure };
}

export type CloudflareHostnamesConfig = {
  apiToken: string;
  zoneId: string;
  cnameTarget: string;
  /** Cloudflare's API; a local stand-in in tests. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The custom hostnames API of one zone (`/zones/{zone}/custom_hostnames`), with an API token (SSL and Certificates: Edit). */
export function cloudflareHostnames(config: CloudflareHostnamesConfig): CustomHostnames {
  const base = `${config.baseUrl.replace(/\/$/, "")}/zones/${encodeURIComponent(config.zoneId)}/custom_hostnames`;
  const send = config.fetch ?? ((input: RequestInfo, init?: RequestInit) => fetch(input, init));

  /** One call; null for a 404 when `missingIsNull`. Every failure is a CustomHostnameError that says what happened. */
  async function call(method: string, path: string, body?: unknown, missingIsNull = false): Promise<unknown> {
    let res: Response;
    try {
      res = await send(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${config.apiToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A hanging API must not hold the seller's click or the scheduled run.
        signal: AbortSignal.timeout(config.timeoutMs ?? CLOUDFLARE_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CustomHostnameError(
        timedOut
          ? "Cloudflare did not answer in time"
          : `Cloudflare could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        "unavailable",
      );
    }
    if (res.status === 404 && missingIsNull) return null;
    const parsed = envelope.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new CustomHostnameError(`Cloudflare answered ${res.status} in a shape we do not know`, "unavailable");
    if (res.ok && parsed.data.success) return parsed.data.result;
    const first = parsed.data.errors[0];
    const message = first?.message ?? `Cloudflare answered ${res.status}`;
    const code = first?.code ?? 0;
    if (TAKEN_CODES.has(code) || /duplicate|already exists/i.test(message)) throw new CustomHostnameError(message, "taken");
    if (QUOTA_CODES.has(code) || /quota|maximum number|limit/i.test(message)) throw new CustomHostnameError(message, "quota");
    if (INVALID_CODES.has(code) || ((res.status === 400 || res.status === 422) && /invalid|not allowed|hostname/i.test(message))) {
      throw new CustomHostnameError(message, "invalid");
    }
    throw new CustomHostnameError(`Cloudflare refused the request (${res.status}): ${message}`, "unavailable");
  }

  function read(result: unknown): HostnameState {
    const parsed = hostnameShape.safeParse(result);
    if (!parsed.success) throw new CustomHostnameError("Cloudflare answered with a custom hostname we cannot read", "unavailable");
    return stateOf(parsed.data);
  }

  const path = (id: string) => `/${encodeURIComponent(id)}`;
  // TXT validation: the seller can add every record before pointing the CNAME, so nothing waits on traffic.
  const ssl = { method: "txt", type: "dv", settings: { min_tls_version: "1.2" } };

  return {
    name: "cloudflare",
    cnameTarget: config.cnameTarget,
    create: async (hostname) => read(await call("POST", "", { hostname, ssl })),
    get: async (id) => {
      const result = await call("GET", path(id), undefined, true);
      return result === null ? null : read(result);
    },
    refresh: async (id) => {
      // A PATCH with the same ssl settings is Cloudflare's way to re-run validation now.
      const result = await call("PATCH", path(id), { ssl }, true);
      return result === null ? null : read(result);
    },
    delete: async (id) => {
      await call("DELETE", path(id), undefined, true);
    },
  };
}

/**
 * Development and tests without Cloudflare: answers at once and always the same way for the same hostname, so
 * `npm start` can run the whole lifecycle. A hostname goes active on its first check after creation, except those
 * whose first label names a failure: `taken.…`, `invalid.…`, `quota.…` are refused on create, `caa.…` is
 * created but its certificate is blocked by a CAA record. Nothing is stored: the id carries the hostname.
 */
export function offlineHostnames(cnameTarget: string): CustomHostnames {
  const hostOf = (id: string) => (id.startsWith("offline:") ? id.slice("offline:".length) : null);
  const digest = async (hostname: string) => {
    const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(hostname)));
    return [...bytes.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  };
  async function state(hostname: string, checked: boolean): Promise<HostnameState> {
    const token = await digest(hostname);
    const caa = hostname.startsWith("caa.");
    return {
      id: `offline:${hostname}`,
      hostname,
      hostname_status: checked ? "active" : "pending",
      certificate_status: caa && checked ? "failed" : checked ? "active" : "pending",
      records: [
        {
          type: "TXT",
          name: `_cf-custom-hostname.${hostname}`,
          value: `${token.slice(0, 8)}-offline-${token.slice(8, 16)}`,
          purpose: "ownership",
        },
        { type: "TXT", name: `_acme-challenge.${hostname}`, value: `offline-${token.slice(16)}`, purpose: "certificate" },
      ],
      failure:
        caa && checked
          ? "The certificate cannot be issued: caa_error: the CAA records of this hostname do not allow Cloudflare's certificate authorities"
          : null,
    };
  }
  const refusal: Record<string, [string, HostnameRefusal]> = {
    "taken.": ["Duplicate custom hostname found.", "taken"],
    "invalid.": ["The custom hostname you specified is invalid.", "invalid"],
    "quota.": ["You have reached the maximum number of custom hostnames for this zone.", "quota"],
  };
  return {
    name: "offline",
    cnameTarget,
    async create(hostname) {
      for (const [prefix, [message, kind]] of Object.entries(refusal))
        if (hostname.startsWith(prefix)) throw new CustomHostnameError(message, kind);
      return state(hostname, false);
    },
    async get(id) {
      const hostname = hostOf(id);
      return hostname ? state(hostname, true) : null;
    },
    async refresh(id) {
      const hostname = hostOf(id);
      return hostname ? state(hostname, true) : null;
    },
    async delete() {},
  };
}
