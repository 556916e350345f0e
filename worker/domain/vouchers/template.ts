import { type SQL, eq } from "drizzle-orm";
import { z } from "zod";
import { sellers, voucherTemplates } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { DEFAULT_THEME_COLOR } from "../../shared/colors";
import { hexColor, imagePath } from "../seller-admin/schemas";
import { MAX_FOOTER, MAX_HEADER, VOUCHER_SECTIONS, type VoucherSection } from "../../shared/voucher-sections";

export { VOUCHER_SECTIONS, type VoucherSection };

const SECTION_NAMES = VOUCHER_SECTIONS.map(([name]) => name) as [VoucherSection, ...VoucherSection[]];

/** The voucher design as the pdf-template page's action takes it (colours by the website theme's rule). */
export const voucherTemplateBody = z.object({
  logo: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), imagePath.nullable().default(null)),
  primaryColor: hexColor,
  accentColor: hexColor,
  headerText: z.string().trim().max(MAX_HEADER, `Header text is at most ${MAX_HEADER} characters`).default(""),
  footerText: z.string().trim().max(MAX_FOOTER, `Footer text is at most ${MAX_FOOTER} characters`).default(""),
  emergencyPhone: z
    .string()
    .trim()
    .max(20, "Emergency phone is at most 20 characters")
    .regex(/^(\+?[0-9][0-9 ()-]{5,19})?$/, "Emergency phone may hold digits, spaces, brackets, dashes and a leading +")
    .default(""),
  sections: z
    .array(z.enum(SECTION_NAMES, { message: "Unknown voucher section" }))
    .max(SECTION_NAMES.length)
    .default([]),
});
export type VoucherTemplate = z.infer<typeof voucherTemplateBody>;

export const DEFAULT_VOUCHER_TEMPLATE: VoucherTemplate = {
  logo: null,
  primaryColor: DEFAULT_THEME_COLOR,
  accentColor: "#0f766e",
  headerText: "",
  footerText: "",
  emergencyPhone: "",
  sections: [...SECTION_NAMES],
};

const templateColumns = {
  logo: voucherTemplates.logo,
  primaryColor: voucherTemplates.primaryColor,
  accentColor: voucherTemplates.accentColor,
  headerText: voucherTemplates.headerText,
  footerText: voucherTemplates.footerText,
  emergencyPhone: voucherTemplates.emergencyPhone,
  sections: voucherTemplates.sections,
};

/** A stored row as a template; a row that no longer parses (a section renamed since) keeps what still does. */
export function templateOf(row: Partial<Record<keyof VoucherTemplate, unknown>> | undefined): VoucherTemplate {
  if (!row) return DEFAULT_VOUCHER_TEMPLATE;
  const known = new Set<string>(SECTION_NAMES);
  const sections = Array.isArray(row.sections) ? row.sections.filter((s): s is VoucherSection => known.has(s)) : [];
  const parsed = voucherTemplateBody.safeParse({ ...row, sections });
  return parsed.success ? parsed.data : { ...DEFAULT_VOUCHER_TEMPLATE, sections };
}

/** The template row of the seller `sellerId` names (a value or a sub-select), in the reader's batch. */
export async function readTemplateRow({ db, load }: Reader, sellerId: string | SQL) {
  const rows = await load(db.select(templateColumns).from(voucherTemplates).where(eq(voucherTemplates.sellerId, sellerId)).limit(1));
  return templateOf(rows[0]);
}

/** The pdf-template page: the seller's template (or the defaults) and their profile's name and logo. */
export async function readVoucherDesign(reader: Reader, sellerId: string) {
  const [template, seller] = await Promise.all([
    readTemplateRow(reader, sellerId),
    reader.load(
      reader.db.select({ name: sellers.name, logo: sellers.logo, phone: sellers.phone }).from(sellers).where(eq(sellers.id, sellerId)),
    ),
  ]);
  return { template, seller: seller[0] ?? null };
}

/** SECURITY: the row is the seller's own; the id comes from the session, never from the form. */
export async function saveVoucherTemplate(db: Db, sellerId: string, input: VoucherTemplate) {
  const values = { ...input, updatedAt: new Date().toISOString() };
  await db
    .insert(voucherTemplates)
    .values({ sellerId, ...values })
    .onConflictDoUpdate({ target: voucherTemplates.sellerId, set: values });
}
