import type { AppConfig } from "../env";
import { type CustomHostnames, cloudflareHostnames, offlineHostnames } from "./custom-hostnames";

const cache = new WeakMap<AppConfig, CustomHostnames | null>();

/**
 * The custom hostnames service configuration chooses (ADR 0041): Cloudflare for SaaS when CF_API_TOKEN, CF_ZONE_ID and
 * SAAS_FALLBACK_ORIGIN are set; otherwise, and never in production, the offline one; otherwise none, and a superadmin
 * activates domains by hand as before.
 */
export function customHostnamesOf(config: AppConfig): CustomHostnames | null {
  if (cache.has(config)) return cache.get(config) ?? null;
  let chosen: CustomHostnames | null = null;
  if (config.CF_API_TOKEN && config.CF_ZONE_ID && config.SAAS_FALLBACK_ORIGIN) {
    chosen = cloudflareHostnames({
      apiToken: config.CF_API_TOKEN,
      zoneId: config.CF_ZONE_ID,
      cnameTarget: config.SAAS_FALLBACK_ORIGIN,
      baseUrl: config.CF_API_BASE,
    });
  } else if (config.ENVIRONMENT !== "production") {
    chosen = offlineHostnames(config.SAAS_FALLBACK_ORIGIN ?? config.PLATFORM_HOSTS[0] ?? "localhost");
  }
  cache.set(config, chosen);
  return chosen;
}

/** Where a custom domain's CNAME points when no service is configured: the fallback origin, else the platform's host. */
export const cnameTargetOf = (config: AppConfig) =>
  customHostnamesOf(config)?.cnameTarget ?? config.SAAS_FALLBACK_ORIGIN ?? config.PLATFORM_HOSTS[0] ?? "localhost";

/** What the custom-domain services take from configuration. */
export const domainSetupOf = (config: AppConfig) => ({ hostnames: customHostnamesOf(config), cnameTarget: cnameTargetOf(config) });
