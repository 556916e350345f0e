/**
 * Pre-sized copies of uploaded images, sellers' and reviews' (ADR 0062): each upload gets a WebP copy at each of these
 * widths (no wider than the upload itself), made on the follow-up queue after the upload, and served beside it at
 * `/media/<upload key>.w<width>.webp`. Pages list them in `srcset`, so a phone loads a copy of its own width instead of
 * the upload (up to 2 MB). The shipped pictures (`/images/…`) are SVG, sharp at any size, and get none.
 */
export const VARIANT_WIDTHS = [480, 960, 1440] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/**
 * An upload's R2 key, as storeImages writes it (worker/domain/seller-admin/media.ts): a seller's image (POST
 * /api/seller-admin/media, the seller forms) or a traveller's review photo (POST /api/reviews/photos, the review form).
 */
export const UPLOAD_KEY = /^(?:sellers|reviews)\/[A-Za-z0-9_-]{1,80}\/[0-9a-f-]{36}\.(?:png|jpg|webp)$/;

/** The R2 key of the copy of upload `key` that is `width` wide. */
export const variantKeyOf = (key: string, width: VariantWidth) => `${key}.w${width}.webp`;

/**
 * `srcSet` and `sizes` for an `<img>` showing `src` at `sizes` (a media condition list, IMAGE_SIZES): the copies of a
 * upload; nothing for any other image, which keeps its `src` alone. (An address under /media/ that is not an upload's
 * answers 404 for its copies as for itself.) Kept this small: every page's scripts carry it.
 */
export const responsiveImage = (src: string | null | undefined, sizes: string): { srcSet?: string; sizes?: string } =>
  src?.startsWith("/media/") ? { srcSet: VARIANT_WIDTHS.map((w) => `${variantKeyOf(src, w)} ${w}w`).join(", "), sizes } : {};

/**
 * How wide the pages show their images, for `sizes`: a card (full width on a phone), the landing's wallpaper, a
 * gallery's picture, a thumbnail, a review's photo (12rem at the root's 62.5%).
 */
export const IMAGE_SIZES = {
  card: "(max-width:640px) 100vw,400px",
  hero: "100vw",
  gallery: "(max-width:900px) 100vw,800px",
  thumb: "200px",
  review: "120px",
} as const;
