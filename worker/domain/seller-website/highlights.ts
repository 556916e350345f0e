import { durationLabel } from "./shapes";

/** One on-sale package as the landing's highlights need it: no text, only what is counted and compared. */
export type HighlightRow = {
  city: string;
  durationDays: number;
  rating: number;
  reviews: number;
  image: string | null;
  /** The cheapest priced tier in paise, or null when the package is priced on request. */
  lowestPrice: number | null;
};

export type Destination = {
  city: string;
  packages: number;
  /** Review-weighted rating of the city's reviewed packages; null when none has reviews. */
  rating: number | null;
  reviews: number;
  startingPrice: number | null;
  image: string | null;
};

export type TripLength = {
  days: number;
  label: string;
  packages: number;
  cities: string[];
  startingPrice: number | null;
};

export type LandingHighlights = { destinations: Destination[]; tripLengths: TripLength[] };

const TRENDING = 3;
const LENGTHS = 4;

const minPrice = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * The landing's "Trending Destinations" and "Explore Packages", computed from the seller's own on-sale
 * packages (never sample figures): destinations by the reviews their packages have, with the lowest priced
 * tier and the review-weighted rating; trip lengths by how many packages have them. A seller without
 * packages gets empty lists, and the page shows no figures at all.
 */
export function landingHighlights(rows: HighlightRow[]): LandingHighlights {
  type CityGroup = Destination & { weighted: number; best: number };
  const cities = new Map<string, CityGroup>();
  const lengths = new Map<number, TripLength>();
  for (const row of rows) {
    const city = row.city.replace(/\s+/g, " ").trim();
    if (!city) continue;
    const key = city.toLocaleLowerCase("en-IN");
    const reviews = row.rating > 0 ? Math.max(row.reviews, 0) : 0;
    const group = cities.get(key) ?? {
      city,
      packages: 0,
      rating: null,
      reviews: 0,
      startingPrice: null,
      image: null,
      weighted: 0,
      best: -1,
    };
    group.packages += 1;
    group.reviews += reviews;
    group.weighted += row.rating * reviews;
    group.startingPrice = minPrice(group.startingPrice, row.lowestPrice);
    // The picture of the city's most reviewed package that has one.
    if (row.image && reviews > group.best) {
      group.image = row.image;
      group.best = reviews;
    }
    cities.set(key, group);

    const length = lengths.get(row.durationDays) ?? {
      days: row.durationDays,
      label: durationLabel(row.durationDays),
      packages: 0,
      cities: [],
      startingPrice: null,
    };
    length.packages += 1;
    if (!length.cities.includes(city)) length.cities.push(city);
    length.startingPrice = minPrice(length.startingPrice, row.lowestPrice);
    lengths.set(row.durationDays, length);
  }

  const destinations = [...cities.values()]
    .map(({ weighted, best, ...d }) => ({ ...d, rating: d.reviews > 0 ? Math.round((weighted / d.reviews) * 10) / 10 : null }))
    .sort((a, b) => b.reviews - a.reviews || (b.rating ?? 0) - (a.rating ?? 0) || b.packages - a.packages || a.city.localeCompare(b.city))
    .slice(0, TRENDING);
  const tripLengths = [...lengths.values()]
    .sort((a, b) => b.packages - a.packages || a.days - b.days)
    .slice(0, LENGTHS)
    .sort((a, b) => a.days - b.days);
  return { destinations, tripLengths };
}
