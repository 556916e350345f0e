import { catalogueStatements } from "./seed-catalogue";
import { travelStatements } from "./seed-travel";
import { auditStatements, pendingStudentStatement } from "./seed-operator";
import { SEED_TRIPS, tripStatements } from "./seed-trips";
import { priceBooking } from "../domain/bookings/pricing";
import { todayInIndia, yearInIndia } from "../domain/bookings/transitions";

/** Fixed demo records (issue #2). Every seeded password is DEMO_PASSWORD — for demos only. */
export const DEMO_PASSWORD = "Travel#2026";

export const SEED_USERS = [
  { id: "s_wanderlust", name: "Wanderlust Journeys", email: "owner@wanderlust.example", phone: "+91 98450 12345", role: "seller" },
  { id: "s_himalayan", name: "Himalayan Trails", email: "owner@himalayan.example", phone: null, role: "seller" },
  { id: "u_asha", name: "Asha Verma", email: "asha@example.com", phone: "+91 98111 22334", role: "user" },
  { id: "u_admin", name: "Tripbazaar Admin", email: "admin@tripbazaar.example", phone: null, role: "superadmin" },
  // Two more travellers, whose trips and reviews are the seed's reviews (issue 28); Meera has a trip to review, and a
  // verified student status: the student discount shows on opted-in packages.
  { id: "u_meera", name: "Meera Iyer", email: "meera@example.com", phone: "+91 98450 33445", role: "user" },
  { id: "u_rahul", name: "Rahul Nair", email: "rahul@example.com", phone: null, role: "user" },
] as const;

export const SEED_SELLERS = [
  {
    id: "s_wanderlust",
    name: "Wanderlust Journeys",
    slug: "wanderlust-journeys",
    email: "owner@wanderlust.example",
    phone: "+91 98450 12345",
    bio: "Hand-crafted holidays across India since 2009: beaches, mountains, palaces and backwaters, planned by people who have been there.",
    logo: "/images/sellers/wanderlust-logo.svg",
    backgroundImage: "/images/sellers/wanderlust-cover.svg",
    address: "14 Residency Road, Bengaluru, Karnataka 560025",
  },
  {
    id: "s_himalayan",
    name: "Himalayan Trails",
    slug: "himalayan-trails",
    email: "owner@himalayan.example",
    phone: null,
    bio: "Treks and road trips in the high Himalaya with local guides.",
    logo: null,
    backgroundImage: null,
    address: null,
  },
] as const;

export const SEED_WEBSITE_CONFIGS = [
  {
    sellerId: "s_wanderlust",
    themeColor: "#0f766e",
    secondaryColor: "#f59e0b",
    websiteName: "Wanderlust Journeys",
    wallpaperImage: "/images/sellers/wanderlust-cover.svg",
  },
] as const;

export const SEED_DOMAINS = [
  {
    id: "dom_wanderlust",
    hostname: "wanderlust.localhost",
    sellerId: "s_wanderlust",
    status: "active",
    verificationToken: "tb-verify-wanderlust",
  },
] as const;

const img = (city: string, n = 2) => Array.from({ length: n }, (_, i) => `/images/packages/${city}-${i + 1}.svg`);
const rupees = (r: number) => r * 100;

type SeedPackage = {
  id: string;
  sellerId: string;
  name: string;
  city: string;
  description: string;
  durationDays: number;
  images: string[];
  priceRanges: { label: string; price: number }[];
  inclusions: string[];
  exclusions: string[];
  status: "draft" | "published";
  /** The seller offers verified students the student discount (issue 28). */
  studentDiscount?: boolean;
};

const W = "s_wanderlust";
const H = "s_himalayan";
const stdIncl = ["Hotel stay on twin sharing", "Daily breakfast", "Airport transfers", "Sightseeing by private cab"];
const stdExcl = ["Flights", "Lunch and dinner", "Entry tickets", "Personal expenses"];

// No rating or review counts here: they are counted from the seeded reviews (SEED_REVIEWS), never invented (issue 28).
export const SEED_PACKAGES: SeedPackage[] = [
  {
    id: "p_goa",
    sellerId: W,
    name: "Goa Beach Escape",
    city: "Goa",
    description:
      "Sun, sand and seafood: four nights between the beaches of North Goa and the quiet coves of the south, with a sunset cruise on the Mandovi.",
    durationDays: 5,
    images: img("goa", 4),
    priceRanges: [
      { label: "Per person", price: rupees(15999) },
      { label: "Premium", price: rupees(21999) },
    ],
    inclusions: [...stdIncl, "Mandovi sunset cruise"],
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_manali",
    sellerId: W,
    name: "Manali Snow Adventure",
    city: "Manali",
    description: "Solang valley, Rohtang pass and the old town cafes of Manali, with a day of paragliding.",
    durationDays: 6,
    images: img("manali", 3),
    priceRanges: [{ label: "Per person", price: rupees(18999) }],
    inclusions: stdIncl,
    exclusions: [...stdExcl, "Adventure activities"],
    status: "published",
  },
  {
    id: "p_jaipur",
    sellerId: W,
    name: "Royal Jaipur Heritage",
    city: "Jaipur",
    description: "Amber Fort at sunrise, the City Palace, Hawa Mahal and a dinner at Chokhi Dhani in the Pink City.",
    durationDays: 4,
    images: img("jaipur"),
    priceRanges: [{ label: "Per person", price: rupees(12499) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "published",
    studentDiscount: true,
  },
  {
    id: "p_munnar",
    sellerId: W,
    name: "Munnar Tea Trails",
    city: "Munnar",
    description: "Misty tea estates, Eravikulam national park and a houseboat night on the Alleppey backwaters.",
    durationDays: 5,
    images: img("munnar"),
    priceRanges: [{ label: "Per person", price: rupees(17499) }],
    inclusions: [...stdIncl, "Houseboat night with all meals"],
    exclusions: stdExcl,
    status: "published",
    studentDiscount: true,
  },
  {
    id: "p_leh",
    sellerId: W,
    name: "Leh Ladakh Expedition",
    city: "Leh",
    description: "Pangong lake, Nubra valley and Khardung La by road, with time to acclimatise in Leh.",
    durationDays: 8,
    images: img("leh", 3),
    priceRanges: [],
    inclusions: [...stdIncl, "Inner line permits"],
    exclusions: [...stdExcl, "Oxygen cylinders"],
    status: "published",
  },
  {
    id: "p_udaipur",
    sellerId: W,
    name: "Udaipur Lakes and Palaces",
    city: "Udaipur",
    description: "Boat rides on Lake Pichola, the City Palace and a day trip to Kumbhalgarh fort.",
    durationDays: 4,
    images: img("udaipur"),
    priceRanges: [{ label: "Per person", price: rupees(14999) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_rishikesh",
    sellerId: W,
    name: "Rishikesh Yoga and Rafting",
    city: "Rishikesh",
    description: "Morning yoga by the Ganga, white-water rafting from Shivpuri and the evening aarti at Triveni Ghat.",
    durationDays: 3,
    images: img("rishikesh"),
    priceRanges: [{ label: "Per person", price: rupees(8999) }],
    inclusions: [...stdIncl, "Rafting (16 km)"],
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_port_blair",
    sellerId: W,
    name: "Andaman Island Hopper",
    city: "Port Blair",
    description: "Port Blair, Havelock and Neil islands: Radhanagar beach, snorkelling and the Cellular Jail light show.",
    durationDays: 6,
    images: img("port-blair", 3),
    priceRanges: [{ label: "Per person", price: rupees(25999) }],
    inclusions: [...stdIncl, "Ferry tickets"],
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_kerala_draft",
    sellerId: W,
    name: "Kerala Backwaters (draft)",
    city: "Alleppey",
    description: "Not published yet.",
    durationDays: 4,
    images: img("munnar", 1),
    priceRanges: [{ label: "Per person", price: rupees(13999) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "draft",
  },
  {
    id: "p_spiti",
    sellerId: H,
    name: "Spiti Valley Road Trip",
    city: "Kaza",
    description: "Kinnaur to Spiti by road: Key monastery, Chandratal lake and the villages of Langza and Komic.",
    durationDays: 9,
    images: img("spiti", 2),
    priceRanges: [{ label: "Per person", price: rupees(27999) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_kedarnath",
    sellerId: H,
    name: "Kedarnath Trek",
    city: "Kedarnath",
    description: "The 16 km trek from Gaurikund to the Kedarnath temple, with a night at the top.",
    durationDays: 5,
    images: img("kedarnath", 2),
    priceRanges: [{ label: "Per person", price: rupees(11999) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_darjeeling",
    sellerId: H,
    name: "Darjeeling Toy Train and Tea",
    city: "Darjeeling",
    description: "Tiger Hill sunrise over Kanchenjunga, the toy train and a tea estate stay.",
    durationDays: 4,
    images: img("darjeeling", 2),
    priceRanges: [{ label: "Per person", price: rupees(13499) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "published",
  },
  {
    id: "p_sikkim",
    sellerId: H,
    name: "Sikkim Monasteries and Lakes",
    city: "Gangtok",
    description: "Gangtok, Tsomgo lake and the Rumtek and Pemayangtse monasteries.",
    durationDays: 6,
    images: img("sikkim", 2),
    priceRanges: [{ label: "Per person", price: rupees(19999) }],
    inclusions: stdIncl,
    exclusions: stdExcl,
    status: "published",
  },
];

type SeedTraveller = { title: string; fullName: string; type: "adult" | "child"; age: number; gender: string };
const asha: SeedTraveller = { title: "Ms", fullName: "Asha Verma", type: "adult", age: 34, gender: "female" };
const rohan: SeedTraveller = { title: "Mr", fullName: "Rohan Verma", type: "adult", age: 36, gender: "male" };
const kavya: SeedTraveller = { title: "Miss", fullName: "Kavya Verma", type: "child", age: 8, gender: "female" };
const meera: SeedTraveller = { title: "Ms", fullName: "Meera Iyer", type: "adult", age: 29, gender: "female" };
const rahul: SeedTraveller = { title: "Mr", fullName: "Rahul Nair", type: "adult", age: 41, gender: "male" };
const anita: SeedTraveller = { title: "Mrs", fullName: "Anita Nair", type: "adult", age: 67, gender: "female" };

type SeedBooking = {
  id: string;
  /** The traveller who booked; Asha unless named. */
  userId?: "u_asha" | "u_meera" | "u_rahul";
  sellerId: string;
  packageId: string;
  status: "pending" | "confirmed" | "cancelled" | "rejected";
  paymentStatus: "pending" | "completed" | "refunded";
  cancelledBy?: "customer" | "expiry";
  startsIn: number;
  travellers: SeedTraveller[];
  hotel: { name: string; roomType: string };
  transport: { name: string; type: string };
  specialRequests: string | null;
  sellerResponse?: { status: "approved" | "rejected"; message: string; respondedAt: Ago };
  createdAt: Ago;
};

/**
 * The seed's calendar is relative to the day it runs (issue 21), so demo data and the tests that read it never
 * age: a trip `startsIn` days after today in India (negative: it has happened), a record made `Ago` before now.
 */
type Ago = { days: number; minutes?: number };

export const SEED_BOOKINGS: SeedBooking[] = [
  {
    id: "bk_w1",
    sellerId: W,
    packageId: "p_goa",
    status: "pending",
    paymentStatus: "pending",
    startsIn: 51,
    travellers: [asha, rohan, kavya],
    hotel: { name: "Taj Holiday Village", roomType: "deluxe" },
    transport: { name: "Private SUV", type: "suv" },
    specialRequests: "Sea-facing room if possible; one vegetarian traveller.",
    createdAt: { days: 24 },
  },
  {
    id: "bk_w2",
    sellerId: W,
    packageId: "p_manali",
    status: "pending",
    paymentStatus: "pending",
    startsIn: 70,
    travellers: [asha, rohan],
    hotel: { name: "Span Resort", roomType: "standard" },
    transport: { name: "Sedan", type: "sedan" },
    specialRequests: null,
    createdAt: { days: 23 },
  },
  {
    id: "bk_w3",
    sellerId: W,
    packageId: "p_jaipur",
    status: "pending",
    paymentStatus: "pending",
    startsIn: 107,
    travellers: [asha],
    hotel: { name: "Samode Haveli", roomType: "suite" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: "Early check-in please.",
    createdAt: { days: 22 },
  },
  {
    id: "bk_w4",
    sellerId: W,
    packageId: "p_munnar",
    status: "confirmed",
    paymentStatus: "completed",
    startsIn: -260,
    travellers: [asha, rohan],
    hotel: { name: "Blanket Hotel", roomType: "deluxe" },
    transport: { name: "Sedan", type: "sedan" },
    specialRequests: null,
    sellerResponse: { status: "approved", message: "Booking approved by seller", respondedAt: { days: 297 } },
    createdAt: { days: 301 },
  },
  {
    id: "bk_w5",
    sellerId: W,
    packageId: "p_udaipur",
    status: "rejected",
    paymentStatus: "pending",
    startsIn: 25,
    travellers: [asha, rohan],
    hotel: { name: "Lake Pichola Hotel", roomType: "standard" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: "Christmas dinner on the lake.",
    sellerResponse: {
      status: "rejected",
      message: "Hotels in Udaipur are sold out for those dates. Could you travel in January?",
      respondedAt: { days: 35 },
    },
    createdAt: { days: 36 },
  },
  {
    id: "bk_w6",
    sellerId: W,
    packageId: "p_rishikesh",
    status: "cancelled",
    paymentStatus: "refunded",
    startsIn: 10,
    travellers: [asha],
    hotel: { name: "Aloha on the Ganges", roomType: "standard" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: null,
    createdAt: { days: 51 },
  },
  {
    // Paid, then unanswered for 48 hours: cancelled by the expiry run and refunded in full (ADR 0029).
    id: "bk_w7",
    sellerId: W,
    packageId: "p_port_blair",
    status: "cancelled",
    paymentStatus: "refunded",
    cancelledBy: "expiry",
    startsIn: 40,
    travellers: [asha, rohan],
    hotel: { name: "Symphony Palms Beach Resort", roomType: "standard" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: "A sea-view room on Havelock, please.",
    createdAt: { days: 14 },
  },
  {
    id: "bk_h1",
    sellerId: H,
    packageId: "p_spiti",
    status: "pending",
    paymentStatus: "pending",
    startsIn: 188,
    travellers: [asha, rohan],
    hotel: { name: "Spiti Sarai", roomType: "standard" },
    transport: { name: "SUV", type: "suv" },
    specialRequests: "We would like a day of rest in Kaza.",
    createdAt: { days: 21 },
  },
  // Trips other travellers took, paid and approved, which they reviewed (SEED_REVIEWS); bk_m2 ended days ago and
  // waits for Meera's review (issue 28).
  {
    id: "bk_m1",
    userId: "u_meera",
    sellerId: W,
    packageId: "p_goa",
    status: "confirmed",
    paymentStatus: "completed",
    startsIn: -42,
    travellers: [meera],
    hotel: { name: "Taj Holiday Village", roomType: "standard" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: null,
    sellerResponse: { status: "approved", message: "Booking approved by seller", respondedAt: { days: 70 } },
    createdAt: { days: 71 },
  },
  {
    id: "bk_r1",
    userId: "u_rahul",
    sellerId: W,
    packageId: "p_goa",
    status: "confirmed",
    paymentStatus: "completed",
    startsIn: -80,
    travellers: [rahul, anita],
    hotel: { name: "Cidade de Goa", roomType: "deluxe" },
    transport: { name: "Sedan", type: "sedan" },
    specialRequests: "Ground-floor room for my mother.",
    sellerResponse: { status: "approved", message: "Booking approved by seller", respondedAt: { days: 110 } },
    createdAt: { days: 111 },
  },
  {
    id: "bk_r2",
    userId: "u_rahul",
    sellerId: W,
    packageId: "p_jaipur",
    status: "confirmed",
    paymentStatus: "completed",
    startsIn: -50,
    travellers: [rahul],
    hotel: { name: "Samode Haveli", roomType: "standard" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: null,
    sellerResponse: { status: "approved", message: "Booking approved by seller", respondedAt: { days: 80 } },
    createdAt: { days: 81 },
  },
  {
    id: "bk_m2",
    userId: "u_meera",
    sellerId: W,
    packageId: "p_jaipur",
    status: "confirmed",
    paymentStatus: "completed",
    startsIn: -9,
    travellers: [meera],
    hotel: { name: "Samode Haveli", roomType: "standard" },
    transport: { name: "Package transfer", type: "included" },
    specialRequests: "A vegetarian dinner at Chokhi Dhani, please.",
    sellerResponse: { status: "approved", message: "Booking approved by seller", respondedAt: { days: 39 } },
    createdAt: { days: 40 },
  },
  {
    id: "bk_h2",
    userId: "u_rahul",
    sellerId: H,
    packageId: "p_kedarnath",
    status: "confirmed",
    paymentStatus: "completed",
    startsIn: -60,
    travellers: [rahul],
    hotel: { name: "GMVN Kedarnath", roomType: "standard" },
    transport: { name: "Shared jeep", type: "included" },
    specialRequests: null,
    sellerResponse: { status: "approved", message: "Booking approved by seller", respondedAt: { days: 95 } },
    createdAt: { days: 96 },
  },
];

/**
 * The seed's reviews (issue 28): each of a completed, paid trip above, written `daysAfter` its end, some with the
 * seller's reply. The packages' rating and review count are counted from them when the seed is laid.
 */
export const SEED_REVIEWS = [
  {
    id: "rv_seed_w4",
    bookingId: "bk_w4",
    rating: 4,
    body: "The tea estates were beautiful and the houseboat night on the backwaters was the highlight. The drive from Kochi was longer than we expected, so start early.",
    daysAfter: 3,
    reply: { text: "Thank you, Asha! We now suggest an early start from Kochi in the itinerary.", daysAfter: 4 },
  },
  {
    id: "rv_seed_m1",
    bookingId: "bk_m1",
    rating: 5,
    body: "Everything was arranged well: the hotel was right on the beach, the driver was on time every day and the Mandovi sunset cruise was lovely.",
    daysAfter: 2,
    reply: null,
  },
  {
    id: "rv_seed_r1",
    bookingId: "bk_r1",
    rating: 4,
    body: "A relaxed holiday with my mother. South Goa was quieter than we hoped for; the north was crowded in the evenings, but the team changed our plan without fuss.",
    daysAfter: 5,
    reply: { text: "Thank you for travelling with us, Rahul. We are glad the change of plan worked out.", daysAfter: 6 },
  },
  {
    id: "rv_seed_r2",
    bookingId: "bk_r2",
    rating: 5,
    body: "Amber Fort at sunrise before the crowds was worth the early alarm. Our guide knew the history of every gate and the haveli was a treat.",
    daysAfter: 1,
    reply: null,
  },
  {
    id: "rv_seed_h2",
    bookingId: "bk_h2",
    rating: 5,
    body: "A hard but well-paced trek; the guide kept a steady pace and the night near the temple was unforgettable. Carry warm layers.",
    daysAfter: 4,
    reply: null,
  },
] as const;

/**
 * What was paid for the seed's paid bookings, so the seller's payments ledger has rows (ADR 0029): a captured
 * payment per booking whose payment status is completed or refunded, and a processed refund for a refunded one.
 */
type SeedPayment = {
  bookingId: string;
  capturedAt: Ago;
  refund?: { reason: "rejected" | "cancelled" | "expired"; createdAt: Ago; processedAt: Ago };
};

export const SEED_PAYMENTS: SeedPayment[] = [
  { bookingId: "bk_w4", capturedAt: { days: 301, minutes: -3 } },
  // The reviewers' trips (issue 28), each paid a few minutes after it was booked.
  { bookingId: "bk_r1", capturedAt: { days: 111, minutes: -4 } },
  { bookingId: "bk_h2", capturedAt: { days: 96, minutes: -3 } },
  { bookingId: "bk_r2", capturedAt: { days: 81, minutes: -2 } },
  { bookingId: "bk_m1", capturedAt: { days: 71, minutes: -3 } },
  { bookingId: "bk_m2", capturedAt: { days: 40, minutes: -5 } },
  {
    bookingId: "bk_w6",
    capturedAt: { days: 51, minutes: -2 },
    refund: { reason: "cancelled", createdAt: { days: 47 }, processedAt: { days: 47, minutes: -1 } },
  },
  {
    bookingId: "bk_w7",
    capturedAt: { days: 14, minutes: -2 },
    refund: { reason: "expired", createdAt: { days: 12 }, processedAt: { days: 12, minutes: -1 } },
  },
];

const q = (v: unknown): string => {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "1" : "0";
  return `'${String(v).replace(/'/g, "''")}'`;
};
const json = (v: unknown) => q(JSON.stringify(v));

/** Two messages in Wanderlust's inbox (seller dashboard → Messages), one already read. */
export const SEED_MESSAGES = [
  {
    id: "msg_seed_1",
    sellerId: "s_wanderlust",
    name: "Kabir Shah",
    email: "kabir@example.com",
    phone: "+91 99000 11223",
    subject: "Honeymoon in Kerala",
    message: "Hello! We are planning our honeymoon in February. Could the Kerala package include a houseboat night?",
    status: "new",
    createdAt: { days: 7 },
  },
  {
    id: "msg_seed_2",
    sellerId: "s_wanderlust",
    name: "Nisha Rao",
    email: "nisha@example.com",
    phone: null,
    subject: "Group booking for 12",
    message: "Do you offer a group discount for 12 colleagues on the Udaipur trip in March?",
    status: "read",
    createdAt: { days: 15 },
  },
] as const;

const DAY_MS = 86_400_000;

/**
 * The seed's dates and booking numbers as they are on `now`'s day: what the seed writes, and what a test that
 * reads seeded records expects. Booking numbers are the current year's in India, numbered in SEED_BOOKINGS order.
 */
export function seedCalendar(now: Date) {
  const at = (ago: Ago) => new Date(now.getTime() - ago.days * DAY_MS - (ago.minutes ?? 0) * 60_000).toISOString();
  const year = yearInIndia(now);
  const bookings = Object.fromEntries(
    SEED_BOOKINGS.map((b, i) => [
      b.id,
      {
        ref: `TB-${year}-${String(i + 1).padStart(6, "0")}`,
        startDate: todayInIndia(new Date(now.getTime() + b.startsIn * DAY_MS)),
        createdAt: at(b.createdAt),
        respondedAt: b.sellerResponse ? at(b.sellerResponse.respondedAt) : null,
      },
    ]),
  );
  const payments = Object.fromEntries(
    SEED_PAYMENTS.map((p) => [
      p.bookingId,
      {
        capturedAt: at(p.capturedAt),
        refund: p.refund ? { createdAt: at(p.refund.createdAt), processedAt: at(p.refund.processedAt) } : null,
      },
    ]),
  );
  const messages = Object.fromEntries(SEED_MESSAGES.map((m) => [m.id, { createdAt: at(m.createdAt) }]));
  /** A seeded review is written `daysAfter` its trip ended (start date plus the package's days), at 10:00 UTC. */
  const afterTrip = (bookingId: string, daysAfter: number) => {
    const b = SEED_BOOKINGS.find((x) => x.id === bookingId);
    const pkg = SEED_PACKAGES.find((p) => p.id === b?.packageId);
    if (!b || !pkg) throw new Error(`seed review names an unknown booking ${bookingId}`);
    const start = Date.parse(`${bookings[bookingId].startDate}T10:00:00Z`);
    return new Date(start + (pkg.durationDays + daysAfter) * DAY_MS).toISOString();
  };
  const reviews = Object.fromEntries(
    SEED_REVIEWS.map((r) => [
      r.id,
      { createdAt: afterTrip(r.bookingId, r.daysAfter), repliedAt: r.reply ? afterTrip(r.bookingId, r.reply.daysAfter) : null },
    ]),
  );
  /** Packages were listed a few months ago, one a day in SEED_PACKAGES order. */
  const packageCreatedAt = (index: number) => at({ days: 90 - index });
  return {
    today: todayInIndia(now),
    year,
    bookings,
    payments,
    messages,
    reviews,
    packageCreatedAt,
    /** Asha's flight and stay the platform sold (worker/db/seed-trips.ts), numbered after the package bookings. */
    trips: Object.fromEntries(
      SEED_TRIPS.map((t, i) => [t.id, { ref: `TB-${year}-${String(SEED_BOOKINGS.length + 1 + i).padStart(6, "0")}` }]),
    ),
    sequence: { year, last: SEED_BOOKINGS.length + SEED_TRIPS.length },
  };
}

export type SeedCalendar = ReturnType<typeof seedCalendar>;

/**
 * The seed as SQL statements, one per line. INSERT OR IGNORE makes it idempotent.
 * `passwordHashes` (one per seed user, by id) are computed by the caller with the environment's pepper; `now`
 * is the day the seed is laid on (its dates are relative to it, seedCalendar).
 */
export function seedStatements(passwordHashes: Record<string, string>, now: Date): string[] {
  const cal = seedCalendar(now);
  const out: string[] = [];
  for (const u of SEED_USERS) {
    out.push(
      `INSERT OR IGNORE INTO users (id, name, email, phone, password_hash, role, is_verified) VALUES (${q(u.id)}, ${q(u.name)}, ${q(u.email)}, ${q(u.phone)}, ${q(passwordHashes[u.id])}, ${q(u.role)}, 1);`,
    );
  }
  for (const s of SEED_SELLERS) {
    out.push(
      `INSERT OR IGNORE INTO sellers (id, name, slug, email, phone, bio, logo, background_image, address) VALUES (${[s.id, s.name, s.slug, s.email, s.phone, s.bio, s.logo, s.backgroundImage, s.address].map(q).join(", ")});`,
    );
  }
  for (const c of SEED_WEBSITE_CONFIGS) {
    out.push(
      `INSERT OR IGNORE INTO website_configs (seller_id, theme_color, secondary_color, website_name, wallpaper_image) VALUES (${[c.sellerId, c.themeColor, c.secondaryColor, c.websiteName, c.wallpaperImage].map(q).join(", ")});`,
    );
  }
  // Wanderlust's voucher design (ADR 0046); Himalayan keeps the defaults, so both kinds show.
  out.push(
    `INSERT OR IGNORE INTO voucher_templates (seller_id, primary_color, accent_color, header_text, footer_text, emergency_phone, sections) VALUES (${[W, "#0f4c81", "#b45309", "Your trip, looked after from start to finish", "Carry this voucher (printed or on your phone) and a photo ID. Wanderlust Journeys, Goa.", "+91 98200 11223", JSON.stringify(["travellers", "departure", "hotels", "itinerary", "inclusions", "addons", "payments", "policy"])].map(q).join(", ")});`,
  );
  for (const d of SEED_DOMAINS) {
    out.push(
      `INSERT OR IGNORE INTO custom_domains (id, hostname, seller_id, status, verification_token) VALUES (${[d.id, d.hostname, d.sellerId, d.status, d.verificationToken].map(q).join(", ")});`,
    );
  }
  SEED_PACKAGES.forEach((p, i) => {
    const created = cal.packageCreatedAt(i);
    out.push(
      `INSERT OR IGNORE INTO packages (id, seller_id, name, city, description, duration_days, images, price_ranges, inclusions, exclusions, status, student_discount, created_at, updated_at) VALUES (${[p.id, p.sellerId, p.name, p.city, p.description, p.durationDays].map(q).join(", ")}, ${json(p.images)}, ${json(p.priceRanges)}, ${json(p.inclusions)}, ${json(p.exclusions)}, ${q(p.status)}, ${p.studentDiscount ? 1 : 0}, ${q(created)}, ${q(created)});`,
    );
  });
  out.push(...catalogueStatements());
  out.push(...travelStatements());
  // A change Himalayan Trails sent for review (ADR 0048): the panel's Edits screen shows its diff; the live package is unchanged.
  const sikkim = SEED_PACKAGES.find((p) => p.id === "p_sikkim");
  if (sikkim) {
    const changes = {
      description: "Gangtok, Tsomgo lake, Nathula pass and the Rumtek and Pemayangtse monasteries, with a night in Pelling.",
      inclusions: [...stdIncl.slice(0, 3), "Nathula permit", "Sightseeing by private cab"],
    };
    const before = { description: sikkim.description, inclusions: sikkim.inclusions };
    out.push(
      `INSERT OR IGNORE INTO package_edits (id, package_id, seller_id, status, changes, before, submitted_at) VALUES (${[
        "pe_seed_sikkim",
        sikkim.id,
        sikkim.sellerId,
        "pending",
        JSON.stringify(changes),
        JSON.stringify(before),
        cal.packageCreatedAt(0),
      ]
        .map(q)
        .join(", ")});`,
    );
  }
  out.push(...studentStatements(now));
  const totals = new Map<string, Priced>();
  for (const b of SEED_BOOKINGS) {
    const pkg = SEED_PACKAGES.find((p) => p.id === b.packageId);
    if (!pkg) throw new Error(`seed booking ${b.id} names an unknown package`);
    const adults = b.travellers.filter((t) => t.type === "adult").length;
    const children = b.travellers.length - adults;
    const price = priceBooking({
      unitPrice: pkg.priceRanges[0]?.price ?? 0,
      adults,
      children,
      durationDays: pkg.durationDays,
      roomType: b.hotel.roomType,
      transportType: b.transport.type,
    });
    totals.set(b.id, { price, adults, children, pkg });
    const { ref, startDate, createdAt, respondedAt } = cal.bookings[b.id];
    const r = b.sellerResponse ? { ...b.sellerResponse, respondedAt } : undefined;
    out.push(
      `INSERT OR IGNORE INTO bookings (id, booking_ref, seller_id, user_id, package_id, status, payment_status, cancelled_by, start_date, adults, children, hotel_preference, transport_preference, base_price, discount, room_charge, transport_charge, taxes, total, special_requests, seller_response_status, seller_response_message, seller_responded_at, created_at, updated_at) VALUES (${[b.id, ref, b.sellerId, b.userId ?? "u_asha", b.packageId, b.status, b.paymentStatus, b.cancelledBy ?? (b.status === "cancelled" ? "customer" : null), startDate, adults, children].map(q).join(", ")}, ${json(b.hotel)}, ${json(b.transport)}, ${[price.basePrice, price.discount, price.roomCharge, price.transportCharge, price.taxes, price.total, b.specialRequests, r?.status, r?.message, r?.respondedAt, createdAt, r?.respondedAt ?? createdAt].map(q).join(", ")});`,
    );
    b.travellers.forEach((t, n) => {
      out.push(
        `INSERT OR IGNORE INTO travellers (id, booking_id, seller_id, position, title, full_name, type, age, gender) VALUES (${[`${b.id}_t${n + 1}`, b.id, b.sellerId, n + 1, t.title, t.fullName, t.type, t.age, t.gender].map(q).join(", ")});`,
      );
    });
  }
  out.push(...tripStatements(cal.today, cal.year, SEED_BOOKINGS.length + 1, now));
  out.push(`INSERT OR IGNORE INTO booking_sequences (year, last) VALUES (${cal.sequence.year}, ${cal.sequence.last});`);
  out.push(...paymentStatements(totals, cal));
  for (const m of SEED_MESSAGES) {
    out.push(
      `INSERT OR IGNORE INTO contact_messages (id, seller_id, name, email, phone, subject, message, status, created_at) VALUES (${[m.id, m.sellerId, m.name, m.email, m.phone, m.subject, m.message, m.status, cal.messages[m.id].createdAt].map(q).join(", ")});`,
    );
  }
  out.push(...reviewStatements(cal));
  const dayAfter = (days: number) => todayInIndia(new Date(now.getTime() + days * 86_400_000));
  for (const d of SEED_DEPARTURES) {
    out.push(
      `INSERT OR IGNORE INTO departures (id, seller_id, package_id, start_date, capacity, sold, held, cutoff_hours, min_group, status) VALUES (${[d.id, d.sellerId, d.packageId, dayAfter(d.inDays), d.capacity, d.sold, 0, d.cutoffHours, d.minGroup, d.status].map(q).join(", ")});`,
    );
  }
  return out;
}

/**
 * Meera's verified student status (issue 28): approved 30 days before the seed's day, her course ending in about
 * ten months, so it counts until the course ends (the earlier of that and 12 months after approval). Only the
 * decision is kept, no document.
 */
export const SEED_STUDENT = { id: "sv_seed_meera", userId: "u_meera", institution: "University of Mumbai" };
function studentStatements(now: Date) {
  const approved = new Date(now.getTime() - 30 * 86_400_000);
  const courseEnd = todayInIndia(new Date(now.getTime() + 300 * 86_400_000));
  // The end of the course's last day in India; well within 12 months of approval.
  const expiresAt = `${courseEnd}T18:30:00.000Z`;
  const submitted = new Date(approved.getTime() - 86_400_000).toISOString();
  return [
    `INSERT OR IGNORE INTO student_verifications (id, user_id, status, institution, course_end_date, document_key, document_type, submitted_at, decided_at, decided_by, reason, expires_at) VALUES (${[SEED_STUDENT.id, SEED_STUDENT.userId, "verified", SEED_STUDENT.institution, courseEnd, null, null, submitted, approved.toISOString(), "u_admin", null, expiresAt].map(q).join(", ")});`,
    // Rahul's student ID waits for the superadmin, and the log holds the decisions behind the seed (seed-operator.ts).
    pendingStudentStatement(now, q, todayInIndia),
    ...auditStatements(now, q, { ...SEED_STUDENT, courseEndDate: courseEnd, expiresAt }),
  ];
}

/** The seed's reviews, and every package's rating and count recounted from the published ones (issue 28). */
function reviewStatements(cal: SeedCalendar) {
  const out: string[] = [];
  for (const r of SEED_REVIEWS) {
    const b = SEED_BOOKINGS.find((x) => x.id === r.bookingId);
    const user = SEED_USERS.find((u) => u.id === (b?.userId ?? "u_asha"));
    if (!b || !user) throw new Error(`seed review ${r.id} names an unknown booking`);
    if (b.status !== "confirmed" || b.paymentStatus !== "completed") throw new Error(`seed review ${r.id} is of a trip nobody paid for`);
    const { createdAt, repliedAt } = cal.reviews[r.id];
    out.push(
      `INSERT OR IGNORE INTO reviews (id, booking_id, package_id, seller_id, user_id, author_name, travelled_on, rating, body, photos, status, seller_reply, seller_replied_at, created_at, published_at) VALUES (${[r.id, b.id, b.packageId, b.sellerId, user.id, user.name.split(" ")[0], cal.bookings[b.id].startDate, r.rating, r.body, "[]", "published", r.reply?.text ?? null, repliedAt, createdAt, createdAt].map(q).join(", ")});`,
    );
  }
  out.push(
    "UPDATE packages SET rating = coalesce((SELECT round(avg(r.rating), 1) FROM reviews r WHERE r.package_id = packages.id AND r.status = 'published'), 0), reviews = (SELECT count(*) FROM reviews r WHERE r.package_id = packages.id AND r.status = 'published');",
  );
  return out;
}

/** The payments, their one item each (with the booking as checkout would have stored it) and refunds of SEED_PAYMENTS. */
type Priced = { price: ReturnType<typeof priceBooking>; adults: number; children: number; pkg: SeedPackage };

function paymentStatements(totals: Map<string, Priced>, cal: SeedCalendar) {
  const out: string[] = [];
  // A booking the seed calls paid (or refunded) has what paid for it, as checkout would have written it.
  const unpaid = SEED_BOOKINGS.filter((b) => b.paymentStatus !== "pending" && !SEED_PAYMENTS.some((p) => p.bookingId === b.id));
  if (unpaid.length > 0) throw new Error(`seed bookings ${unpaid.map((b) => b.id).join(", ")} are paid but have no seed payment`);
  for (const p of SEED_PAYMENTS) {
    const b = SEED_BOOKINGS.find((x) => x.id === p.bookingId);
    const priced = totals.get(p.bookingId);
    if (!b || !priced) throw new Error(`seed payment names an unknown booking ${p.bookingId}`);
    if (b.paymentStatus !== (p.refund ? "refunded" : "completed"))
      throw new Error(`seed booking ${b.id} is ${b.paymentStatus}, which does not match its seed payment`);
    const paymentId = `py_seed_${b.id}`;
    const { startDate, createdAt } = cal.bookings[b.id];
    const { capturedAt, refund } = cal.payments[b.id];
    const amount = priced.price.total;
    const seller = SEED_SELLERS.find((s) => s.id === b.sellerId);
    const tier = priced.pkg.priceRanges[0];
    const draft = {
      row: {
        sellerId: b.sellerId,
        packageId: b.packageId,
        startDate,
        adults: priced.adults,
        children: priced.children,
        hotelPreference: b.hotel,
        transportPreference: b.transport,
        priceTier: tier ? { label: tier.label, price: tier.price } : null,
        ...priced.price,
        specialRequests: b.specialRequests,
      },
      travellers: b.travellers,
      packageName: priced.pkg.name,
      sellerName: seller?.name ?? "",
    };
    out.push(
      `INSERT OR IGNORE INTO payments (id, user_id, provider, provider_order_id, provider_payment_id, amount, currency, status, created_at, captured_at, updated_at) VALUES (${[paymentId, b.userId ?? "u_asha", "test", `order_seed_${b.id}`, `pay_seed_${b.id}`, amount, "INR", "captured", createdAt, capturedAt, capturedAt].map(q).join(", ")});`,
      `INSERT OR IGNORE INTO payment_items (booking_id, payment_id, seller_id, cart_item_id, amount, booking, outcome, created_at) VALUES (${[b.id, paymentId, b.sellerId, null, amount].map(q).join(", ")}, ${json(draft)}, 'booked', ${q(createdAt)});`,
    );
    if (p.refund && refund)
      out.push(
        `INSERT OR IGNORE INTO refunds (id, payment_id, booking_id, seller_id, amount, reason, status, provider_refund_id, created_at, processed_at) VALUES (${[`rf_${b.id}`, paymentId, b.id, b.sellerId, amount, p.refund.reason, "processed", `rfnd_seed_${b.id}`, refund.createdAt, refund.processedAt].map(q).join(", ")});`,
      );
  }
  return out;
}

/**
 * Fixed departures of four packages (ADR 0044), their seats sold offline before the site took bookings: one nearly
 * sold out, one sold out, one closed. The other packages stay "on request" with a free date, as the tests book them.
 */
export const SEED_DEPARTURES = [
  {
    id: "dp_udaipur_1",
    sellerId: W,
    packageId: "p_udaipur",
    inDays: 20,
    capacity: 12,
    sold: 3,
    cutoffHours: 48,
    minGroup: 4,
    status: "open",
  },
  {
    id: "dp_udaipur_2",
    sellerId: W,
    packageId: "p_udaipur",
    inDays: 34,
    capacity: 10,
    sold: 8,
    cutoffHours: 48,
    minGroup: null,
    status: "open",
  },
  {
    id: "dp_udaipur_3",
    sellerId: W,
    packageId: "p_udaipur",
    inDays: 48,
    capacity: 10,
    sold: 0,
    cutoffHours: 48,
    minGroup: null,
    status: "closed",
  },
  {
    id: "dp_rishikesh_1",
    sellerId: W,
    packageId: "p_rishikesh",
    inDays: 15,
    capacity: 20,
    sold: 6,
    cutoffHours: 24,
    minGroup: 6,
    status: "open",
  },
  {
    id: "dp_darjeeling_1",
    sellerId: H,
    packageId: "p_darjeeling",
    inDays: 25,
    capacity: 8,
    sold: 8,
    cutoffHours: 72,
    minGroup: null,
    status: "open",
  },
  {
    id: "dp_darjeeling_2",
    sellerId: H,
    packageId: "p_darjeeling",
    inDays: 39,
    capacity: 16,
    sold: 2,
    cutoffHours: 72,
    minGroup: 4,
    status: "open",
  },
] as const;
