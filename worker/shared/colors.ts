/** SECURITY: seller colours reach CSS only through here, and only as #RRGGBB. */
const HEX = /^#[0-9a-fA-F]{6}$/;

export const DEFAULT_THEME_COLOR = "#2563eb";
export const DEFAULT_SECONDARY_COLOR = "#87ceeb";

export function safeHexColor(value: unknown, fallback: string): string {
  return typeof value === "string" && HEX.test(value) ? value.toLowerCase() : fallback;
}

function channel(c: number) {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function readableTextOn(background: string) {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111111") ? "#ffffff" : "#111111";
}

/**
 * A version of `color` dark (or light) enough to be read as text on `surface`
 * at WCAG AA (4.5:1), mixing toward black or white in small steps.
 */
export function accessibleTextColor(color: string, surface: string, min = 4.5) {
  if (contrastRatio(color, surface) >= min) return color;
  const target = luminance(surface) > 0.5 ? 0 : 255;
  const n = Number.parseInt(color.slice(1), 16);
  let rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  for (let i = 0; i < 20; i++) {
    rgb = rgb.map((v) => Math.round(v + (target - v) * 0.15));
    const hex = `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    if (contrastRatio(hex, surface) >= min) return hex;
  }
  return target === 0 ? "#000000" : "#ffffff";
}
