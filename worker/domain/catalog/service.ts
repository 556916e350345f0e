import { and, desc, eq, sql } from "drizzle-orm";
import { customDomains, packages, sellers, websiteConfigs } from "@db/schema";
import { type Load, preparedRead } from "../../db/batcher";
import type { Db } from "../../db/client";
import { containsTerm, normalizeSearchTerm } from "../../db/text-search";
import { publicPackage } from "../seller-website/shapes";
import { onSale } from "../on-sale";
import { sellerBasePath } from "../../shared/seller-pages";

/**
 * The marketplace read side: published packages across every seller, for the main
 * site (home, tours search, tour-package pages). Deliberately not seller-scoped; it
 * only ever reads published rows and the sellers' public names.
 */
const PAGE_SIZE = 12;

function catalogSelect(db: Db) {
  return db
    .select({
      pkg: packages,
      // Aliased: inside a D1 batch rows come back keyed by column name, and `name` is also a package column.
      sellerName: sql<string>`${sellers.name}`.as("seller_name"),
      websiteName: websiteConfigs.websiteName,
      siteSlug: sql<string | null>`${sellers.slug}`.as("site_slug"),
      domain: customDomains.hostname,
    })
    .from(packages)
    .innerJoin(sellers, eq(sellers.id, packages.sellerId))
    .leftJoin(websiteConfigs, eq(websiteConfigs.sellerId, packages.sellerId))
    .leftJoin(customDomains, and(eq(customDomains.sellerId, packages.sellerId), eq(customDomains.status, "active")));
}

type CatalogRow = Awaited<ReturnType<ReturnType<typeof catalogSelect>["all"]>>[number];

function toCatalogPackage(row: CatalogRow) {
  const sellerId = row.pkg.sellerId;
  return {
    ...publicPackage(row.pkg),
    seller: {
      id: sellerId,
      name: row.websiteName?.trim() || row.sellerName,
      /** The site's readable address on the platform (ADR 0040). */
      slug: row.siteSlug ?? sellerId,
      /** The seller's active custom domain, if any; see sellerSiteUrl. */
      domain: row.domain ?? null,
    },
  };
}

export type CatalogPackage = ReturnType<typeof toCatalogPackage>;

/**
 * The tours search's two reads, a page of packages and their count, with a search term or without: their SQL is built
 * once per isolate, the term and the page bound per request.
 */
function catalogSearchReads(withTerm: boolean) {
  const where = () =>
    and(onSale(), withTerm ? containsTerm(sql.placeholder("term"), packages.name, packages.city, packages.description) : undefined);
  return {
    rows: preparedRead((db: Db) =>
      catalogSelect(db)
        .where(where())
        .orderBy(desc(packages.rating), desc(packages.createdAt), desc(packages.id))
        .limit(PAGE_SIZE)
        .offset(sql.placeholder("offset")),
    ),
    total: preparedRead((db: Db) => db.select({ total: sql<number>`count(*)` }).from(packages).where(where())),
  };
}
const searchReads = { term: catalogSearchReads(true), all: catalogSearchReads(false) };

export async function searchCatalog(db: Db, input: { q?: string; page?: number }, load: Load) {
  const page = Math.max(1, input.page ?? 1);
  const term = normalizeSearchTerm(input.q ?? "");
  const reads = term ? searchReads.term : searchReads.all;
  const [rows, [{ total }]] = await Promise.all([
    load(reads.rows(db, { term, offset: (page - 1) * PAGE_SIZE })),
    load(reads.total(db, { term })),
  ]);
  return { packages: rows.map(toCatalogPackage), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/** A tour package page's read: its SQL built once per isolate, the package bound per request. */
const catalogPackage = preparedRead((db: Db) =>
  catalogSelect(db)
    .where(and(eq(packages.id, sql.placeholder("packageId")), onSale()))
    .limit(1),
);

export async function getCatalogPackage(db: Db, packageId: string, load: Load) {
  const rows = await load(catalogPackage(db, { packageId }));
  return rows[0] ? toCatalogPackage(rows[0]) : null;
}

/** 1 when a package advertises a price (a tier has one, as advertisedPrice reads it), else 0: "on request". */
const advertisesPrice = sql<number>`exists (select 1 from json_each(${packages.priceRanges}) where json_extract(value, '$.price') > 0)`;

const featured = preparedRead((db: Db) =>
  catalogSelect(db).where(onSale()).orderBy(desc(advertisesPrice), desc(packages.createdAt), desc(packages.id)).limit(6),
);

/**
 * The home page's newest packages on sale, those with a price first: a card the traveller can compare leads, and a
 * package priced on request is still featured, after them (issue 24).
 */
export async function featuredCatalog(db: Db, load: Load) {
  const rows = await load(featured(db, {}));
  return rows.map(toCatalogPackage);
}

/**
 * Where a package is booked: the seller's own site, on its custom domain when one is active
 * (same scheme and port as the platform request, so it also works locally), else by path.
 */
export function sellerSiteUrl(seller: { slug: string; domain: string | null }, platformUrl: URL) {
  if (!seller.domain) return sellerBasePath(seller.slug);
  return `${platformUrl.protocol}//${seller.domain}${platformUrl.port ? `:${platformUrl.port}` : ""}`;
}
