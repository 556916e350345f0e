import type { VoucherLogo } from "./render";

/** An uploaded PNG or JPEG (ADR 0011's keys); pdf-lib draws nothing else, so other logos give way to the seller's name. */
const EMBEDDABLE = /^\/media\/(sellers\/[A-Za-z0-9_-]{1,80}\/[0-9a-f-]{36}\.(png|jpg))$/;
/** A logo larger than this is left out rather than copied into every voucher. */
const MAX_LOGO_BYTES = 1_000_000;

/** The voucher's logo from R2, or null (none, not embeddable, missing, too large). */
export async function voucherLogo(media: R2Bucket | undefined, path: string | null): Promise<VoucherLogo> {
  const match = path ? EMBEDDABLE.exec(path) : null;
  if (!match || !media) return null;
  const object = await media.get(match[1]);
  if (!object || object.size > MAX_LOGO_BYTES) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), type: match[2] === "png" ? "png" : "jpg" };
}
