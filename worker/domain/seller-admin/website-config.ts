import { z } from "zod";
import { hexColor, imagePath } from "./schemas";

/** The seller's website config as the API's `PUT /api/seller-admin/config` and the website page's action take it. */
export const websiteConfigBody = z.object({
  themeColor: hexColor,
  secondaryColor: hexColor,
  websiteName: z.string().trim().min(1, "Website name is required").max(80),
  wallpaperImage: imagePath.nullable().default(null),
});
