/**
 * Making pre-sized copies of an image (ADR 0062), behind an interface: Cloudflare's Images binding (`[images]` in
 * wrangler.toml) where deployed, and the same binding locally, where Miniflare answers it with sharp (`npm start`, the
 * tests). Every call has a deadline, so a stuck transformation fails the follow-up, which the queue retries.
 */
export interface ImageResizer {
  /** The image's width in pixels, or null when the bytes are not a raster image the resizer reads. */
  widthOf(bytes: Uint8Array): Promise<number | null>;
  /** A WebP copy of the image `width` pixels wide (its height in proportion). */
  webp(bytes: Uint8Array, width: number): Promise<Uint8Array>;
}

/** The resizer did not answer, or answered an error. */
export class ImageResizeError extends Error {
  override name = "ImageResizeError";
}

/** How long one call to the Images binding may take. */
export const IMAGES_TIMEOUT_MS = 15_000;

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream() as ReadableStream<Uint8Array>;

async function within<T>(what: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImageResizeError(`The Images binding did not ${what} within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    if (error instanceof ImageResizeError) throw error;
    throw new ImageResizeError(`The Images binding could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The Images binding as an {@link ImageResizer}. */
export function imagesBindingResizer(images: ImagesBinding, timeoutMs = IMAGES_TIMEOUT_MS): ImageResizer {
  return {
    widthOf: (bytes) =>
      within("read the image", timeoutMs, async () => {
        const info = await images.info(streamOf(bytes));
        return "width" in info && typeof info.width === "number" ? info.width : null;
      }),
    webp: (bytes, width) =>
      within("resize the image", timeoutMs, async () => {
        const result = await images
          .input(streamOf(bytes))
          .transform({ width, fit: "scale-down" })
          .output({ format: "image/webp", quality: 80 });
        return new Uint8Array(await new Response(result.image()).arrayBuffer());
      }),
  };
}
