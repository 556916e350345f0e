import { describe, expect, it } from "vitest";
import { ImageResizeError, imagesBindingResizer } from "../../worker/images/resizer";

// ADR 0062: the Images binding behind ImageResizer, every call with a deadline. The real binding (Miniflare's, with
// sharp) is exercised by test/integration/image-variants.test.ts; here, a binding that hangs, fails or reads an SVG.

const bytes = new Uint8Array([1, 2, 3]);
const never = () => new Promise<never>(() => {});

/** A stand-in for the parts of ImagesBinding the resizer calls. */
function binding(parts: { info?: () => Promise<unknown>; output?: () => Promise<unknown> }) {
  return {
    info: parts.info ?? never,
    input: () => ({ transform: () => ({ output: parts.output ?? never }) }),
  } as unknown as ImagesBinding;
}

describe("the Images binding as a resizer", () => {
  it("gives up on a call that does not answer in time", async () => {
    const resizer = imagesBindingResizer(binding({}), 20);
    await expect(resizer.widthOf(bytes)).rejects.toThrow(new ImageResizeError("The Images binding did not read the image within 20 ms"));
    await expect(resizer.webp(bytes, 480)).rejects.toThrow(/did not resize the image within 20 ms/);
  });

  it("names what failed when the binding answers an error", async () => {
    const resizer = imagesBindingResizer(binding({ info: () => Promise.reject(new Error("9412: not an image")) }), 1000);
    const failure = resizer.widthOf(bytes);
    await expect(failure).rejects.toBeInstanceOf(ImageResizeError);
    await expect(failure).rejects.toThrow("The Images binding could not read the image: 9412: not an image");
  });

  it("reads no width from an image without one (SVG), and the copy's bytes from the output", async () => {
    expect(await imagesBindingResizer(binding({ info: async () => ({ format: "image/svg+xml" }) })).widthOf(bytes)).toBeNull();
    expect(
      await imagesBindingResizer(binding({ info: async () => ({ format: "image/png", width: 640, height: 1, fileSize: 3 }) })).widthOf(
        bytes,
      ),
    ).toBe(640);
    const copy = imagesBindingResizer(binding({ output: async () => ({ image: () => new Blob([new Uint8Array([9, 8])]).stream() }) }));
    expect([...(await copy.webp(bytes, 480))]).toEqual([9, 8]);
  });
});
