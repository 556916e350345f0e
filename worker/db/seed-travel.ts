import type { BusCancellationRule, BusLayout, BusStop, HotelFacilityRef, HotelPolicies } from "@db/stays-and-buses";

/**
 * The offline hotel and bus suppliers' inventory (issue 27, ADR 0047): hotels in every seeded package city (Goa has
 * four), and bus services on popular routes that run every day, so a new user's first search finds something on any
 * of the next 60 days. Rates and trips are generated from these rows; no date is stored. Idempotent like the rest.
 */
const q = (v: unknown): string =>
  v === null || v === undefined
    ? "NULL"
    : typeof v === "boolean"
      ? v
        ? "1"
        : "0"
      : typeof v === "number"
        ? String(v)
        : `'${String(v).replace(/'/g, "''")}'`;
const json = (v: unknown) => q(JSON.stringify(v));
const rupees = (r: number) => r * 100;

export const FACILITIES: [code: string, group: string, groupName: string, name: string][] = [
  ["WIFI", "GEN", "General", "Free Wi-Fi"],
  ["PARKING", "GEN", "General", "Parking"],
  ["LIFT", "GEN", "General", "Lift"],
  ["FRONTDESK24", "GEN", "General", "24-hour front desk"],
  ["POWERBACKUP", "GEN", "General", "Power backup"],
  ["AC", "ROOM", "In the room", "Air conditioning"],
  ["HEATER", "ROOM", "In the room", "Room heater"],
  ["TV", "ROOM", "In the room", "Television"],
  ["KETTLE", "ROOM", "In the room", "Tea and coffee maker"],
  ["MINIBAR", "ROOM", "In the room", "Minibar"],
  ["SAFE", "ROOM", "In the room", "In-room safe"],
  ["BALCONY", "ROOM", "In the room", "Balcony"],
  ["BATHTUB", "ROOM", "In the room", "Bathtub"],
  ["RESTAURANT", "FOOD", "Food and drink", "Restaurant"],
  ["BAR", "FOOD", "Food and drink", "Bar"],
  ["ROOMSERVICE", "FOOD", "Food and drink", "Room service"],
  ["VEGKITCHEN", "FOOD", "Food and drink", "Pure vegetarian kitchen"],
  ["POOL", "LEISURE", "Leisure", "Swimming pool"],
  ["SPA", "LEISURE", "Leisure", "Spa"],
  ["GYM", "LEISURE", "Leisure", "Fitness centre"],
  ["BEACH", "LEISURE", "Leisure", "Beach access"],
  ["GARDEN", "LEISURE", "Leisure", "Garden"],
  ["BONFIRE", "LEISURE", "Leisure", "Bonfire"],
  ["YOGA", "LEISURE", "Leisure", "Yoga sessions"],
  ["LAUNDRY", "SERVICES", "Services", "Laundry"],
  ["AIRPORTTRANSFER", "SERVICES", "Services", "Airport or station transfer"],
  ["TOURDESK", "SERVICES", "Services", "Tour desk"],
  ["DOCTOR", "SERVICES", "Services", "Doctor on call"],
  ["WHEELCHAIR", "ACCESS", "Accessibility", "Wheelchair access"],
  ["ACCESSIBLEROOM", "ACCESS", "Accessibility", "Accessible room"],
];

type City = { name: string; image: string; lat: number; lng: number; state: string; pin: string; climate: "beach" | "hills" | "plains" };
const CITIES: City[] = [
  { name: "Goa", image: "goa", lat: 15.4989, lng: 73.8278, state: "Goa", pin: "403", climate: "beach" },
  { name: "Manali", image: "manali", lat: 32.2432, lng: 77.1892, state: "Himachal Pradesh", pin: "175", climate: "hills" },
  { name: "Jaipur", image: "jaipur", lat: 26.9124, lng: 75.7873, state: "Rajasthan", pin: "302", climate: "plains" },
  { name: "Munnar", image: "munnar", lat: 10.0889, lng: 77.0595, state: "Kerala", pin: "685", climate: "hills" },
  { name: "Leh", image: "leh", lat: 34.1526, lng: 77.5771, state: "Ladakh", pin: "194", climate: "hills" },
  { name: "Udaipur", image: "udaipur", lat: 24.5854, lng: 73.7125, state: "Rajasthan", pin: "313", climate: "plains" },
  { name: "Rishikesh", image: "rishikesh", lat: 30.0869, lng: 78.2676, state: "Uttarakhand", pin: "249", climate: "hills" },
  {
    name: "Port Blair",
    image: "port-blair",
    lat: 11.6234,
    lng: 92.7265,
    state: "Andaman and Nicobar Islands",
    pin: "744",
    climate: "beach",
  },
  { name: "Alleppey", image: "munnar", lat: 9.4981, lng: 76.3388, state: "Kerala", pin: "688", climate: "beach" },
  { name: "Kaza", image: "spiti", lat: 32.2276, lng: 78.0714, state: "Himachal Pradesh", pin: "172", climate: "hills" },
  { name: "Kedarnath", image: "kedarnath", lat: 30.5172, lng: 79.0911, state: "Uttarakhand", pin: "246", climate: "hills" },
  { name: "Darjeeling", image: "darjeeling", lat: 27.041, lng: 88.2663, state: "West Bengal", pin: "734", climate: "hills" },
  { name: "Gangtok", image: "sikkim", lat: 27.3389, lng: 88.6065, state: "Sikkim", pin: "737", climate: "hills" },
];

type SeedHotel = {
  id: string;
  city: string;
  name: string;
  area: string;
  stars: number;
  type: string;
  rate: number;
  pets?: boolean;
  pilgrim?: boolean;
};
const HOTELS: SeedHotel[] = [
  { id: "sh_goa_sea_breeze", city: "Goa", name: "Sea Breeze Resort", area: "Candolim", stars: 4, type: "Resort", rate: 5500 },
  { id: "sh_goa_fontainhas", city: "Goa", name: "Fontainhas Heritage Inn", area: "Panaji", stars: 3, type: "Boutique hotel", rate: 3200 },
  {
    id: "sh_goa_palolem",
    city: "Goa",
    name: "Palolem Palms Beach Huts",
    area: "Palolem",
    stars: 2,
    type: "Beach huts",
    rate: 1800,
    pets: true,
  },
  { id: "sh_goa_baga_grand", city: "Goa", name: "Baga Grand", area: "Baga", stars: 5, type: "Resort", rate: 11000 },
  {
    id: "sh_manali_riverside",
    city: "Manali",
    name: "Old Manali Riverside Cottages",
    area: "Old Manali",
    stars: 3,
    type: "Cottages",
    rate: 2800,
    pets: true,
  },
  { id: "sh_manali_solang", city: "Manali", name: "Solang Snow Retreat", area: "Solang Road", stars: 4, type: "Resort", rate: 5200 },
  {
    id: "sh_jaipur_hawa_haveli",
    city: "Jaipur",
    name: "Hawa Haveli Heritage",
    area: "Old City",
    stars: 4,
    type: "Heritage hotel",
    rate: 6000,
  },
  { id: "sh_jaipur_pink_city", city: "Jaipur", name: "Pink City Residency", area: "MI Road", stars: 3, type: "Hotel", rate: 2600 },
  { id: "sh_munnar_tea_valley", city: "Munnar", name: "Tea Valley Resort", area: "Chithirapuram", stars: 4, type: "Resort", rate: 5800 },
  { id: "sh_munnar_misty_hills", city: "Munnar", name: "Misty Hills Homestay", area: "Old Munnar", stars: 2, type: "Homestay", rate: 1600 },
  { id: "sh_leh_shanti", city: "Leh", name: "Shanti Stupa Guest House", area: "Changspa", stars: 2, type: "Guest house", rate: 1900 },
  { id: "sh_leh_indus_view", city: "Leh", name: "Indus View Hotel", area: "Fort Road", stars: 3, type: "Hotel", rate: 3600 },
  {
    id: "sh_udaipur_pichola",
    city: "Udaipur",
    name: "Lake Pichola Palace Hotel",
    area: "Lal Ghat",
    stars: 5,
    type: "Palace hotel",
    rate: 14000,
  },
  { id: "sh_udaipur_ambrai", city: "Udaipur", name: "Ambrai Ghat Haveli", area: "Hanuman Ghat", stars: 3, type: "Haveli", rate: 3800 },
  { id: "sh_rishikesh_ganga", city: "Rishikesh", name: "Ganga Kinare Retreat", area: "Tapovan", stars: 4, type: "Retreat", rate: 4800 },
  {
    id: "sh_rishikesh_yoga",
    city: "Rishikesh",
    name: "Laxman Jhula Yoga Stay",
    area: "Laxman Jhula",
    stars: 2,
    type: "Ashram stay",
    rate: 1400,
    pilgrim: true,
  },
  {
    id: "sh_portblair_corbyn",
    city: "Port Blair",
    name: "Corbyn's Cove Resort",
    area: "Corbyn's Cove",
    stars: 4,
    type: "Resort",
    rate: 6200,
  },
  {
    id: "sh_portblair_aberdeen",
    city: "Port Blair",
    name: "Aberdeen Bazaar Hotel",
    area: "Aberdeen Bazaar",
    stars: 3,
    type: "Hotel",
    rate: 2800,
  },
  { id: "sh_alleppey_vembanad", city: "Alleppey", name: "Vembanad Lake Resort", area: "Punnamada", stars: 4, type: "Resort", rate: 7000 },
  { id: "sh_alleppey_backwater", city: "Alleppey", name: "Backwater Homestay", area: "Kainakary", stars: 2, type: "Homestay", rate: 1800 },
  { id: "sh_kaza_spiti_inn", city: "Kaza", name: "Spiti Valley Inn", area: "Kaza Market", stars: 2, type: "Hotel", rate: 1700 },
  {
    id: "sh_kaza_key_view",
    city: "Kaza",
    name: "Key Monastery View Homestay",
    area: "Kee village road",
    stars: 2,
    type: "Homestay",
    rate: 1200,
  },
  {
    id: "sh_kedarnath_guptkashi",
    city: "Kedarnath",
    name: "Guptkashi Mountain Inn",
    area: "Guptkashi",
    stars: 2,
    type: "Hotel",
    rate: 1800,
    pilgrim: true,
  },
  {
    id: "sh_kedarnath_sonprayag",
    city: "Kedarnath",
    name: "Sonprayag Pilgrim Lodge",
    area: "Sonprayag",
    stars: 2,
    type: "Lodge",
    rate: 1300,
    pilgrim: true,
  },
  {
    id: "sh_darjeeling_mall",
    city: "Darjeeling",
    name: "Mall Road Heritage Hotel",
    area: "Chowrasta",
    stars: 4,
    type: "Heritage hotel",
    rate: 5600,
  },
  { id: "sh_darjeeling_tiger_hill", city: "Darjeeling", name: "Tiger Hill View Inn", area: "Ghoom", stars: 3, type: "Hotel", rate: 2700 },
  { id: "sh_gangtok_mg_marg", city: "Gangtok", name: "MG Marg Residency", area: "MG Marg", stars: 3, type: "Hotel", rate: 3000 },
  { id: "sh_gangtok_rumtek", city: "Gangtok", name: "Rumtek Hills Resort", area: "Rumtek", stars: 4, type: "Resort", rate: 5400 },
];

function facilitiesOf(h: SeedHotel, city: City): HotelFacilityRef[] {
  const codes = ["WIFI", "FRONTDESK24", "POWERBACKUP", "TV", "KETTLE", "LAUNDRY", "TOURDESK"];
  if (h.stars >= 3) codes.push("LIFT", "RESTAURANT", "ROOMSERVICE", "SAFE", "DOCTOR", "WHEELCHAIR");
  if (h.stars >= 4) codes.push("POOL", "SPA", "GYM", "BAR", "MINIBAR", "BALCONY", "AIRPORTTRANSFER", "ACCESSIBLEROOM", "GARDEN");
  if (h.stars >= 5) codes.push("BATHTUB");
  codes.push(city.climate === "hills" ? "HEATER" : "AC");
  if (city.climate === "beach") codes.push("BEACH");
  if (city.climate === "hills") codes.push("BONFIRE");
  if (h.pilgrim) codes.push("VEGKITCHEN", "YOGA");
  if (h.city !== "Kedarnath") codes.push("PARKING");
  const paid = new Set(["SPA", "LAUNDRY", "AIRPORTTRANSFER", "BONFIRE", "DOCTOR"]);
  return [...new Set(codes)].map((code) => ({ code, paid: paid.has(code) }));
}

function policiesOf(h: SeedHotel): HotelPolicies {
  return {
    childAgeMax: 11,
    coupleFriendly: !h.pilgrim,
    petsAllowed: Boolean(h.pets),
    idRequired: true,
    localIdAllowed: h.stars <= 3,
    notes: [
      "Every adult shows a government photo ID at check-in (Aadhaar, passport, driving licence or voter ID).",
      "Children up to 5 stay and eat free; children 6 to 11 pay half for meals; from 12 they count as adults.",
      ...(h.pilgrim ? ["Alcohol and non-vegetarian food are not allowed on the premises."] : []),
      ...(h.pets ? ["Pets are welcome on request."] : ["Pets are not allowed."]),
    ],
  };
}

const ROOMS = (stars: number) =>
  stars >= 3
    ? [
        {
          code: "STD",
          name: "Standard room",
          beds: "1 queen bed",
          size: 20 + stars * 2,
          adults: 2,
          children: 1,
          total: 3,
          factor: 100,
          inventory: 12,
        },
        {
          code: "DLX",
          name: "Deluxe room",
          beds: "1 king bed",
          size: 26 + stars * 3,
          adults: 3,
          children: 2,
          total: 4,
          factor: 130,
          inventory: 8,
        },
        {
          code: "FAM",
          name: "Family suite",
          beds: "1 king bed and 2 single beds",
          size: 40 + stars * 4,
          adults: 4,
          children: 3,
          total: 6,
          factor: 190,
          inventory: 4,
        },
      ]
    : [
        { code: "STD", name: "Double room", beds: "1 double bed", size: 16, adults: 2, children: 1, total: 3, factor: 100, inventory: 8 },
        {
          code: "FAM",
          name: "Family room",
          beds: "1 double bed and 1 single bed",
          size: 24,
          adults: 3,
          children: 2,
          total: 4,
          factor: 150,
          inventory: 3,
        },
      ];

function hotelStatements() {
  const out = FACILITIES.map(
    ([code, group, groupName, name], i) =>
      `INSERT OR IGNORE INTO stay_facilities (code, group_code, group_name, name, sort) VALUES (${[code, group, groupName, name, i].map(q).join(", ")});`,
  );
  HOTELS.forEach((h, i) => {
    const city = CITIES.find((c) => c.name === h.city);
    if (!city) throw new Error(`seed hotel ${h.id} names an unknown city`);
    const images = [1, 2, 3, 4].map((n) => ({
      url: `/images/packages/${city.image}-${((n + i) % 4) + 1}.svg`,
      caption: n === 1 ? `${h.name}, ${h.area}` : `Around ${h.area}, ${city.name}`,
    }));
    const description = `${h.name} is a ${h.stars}-star ${h.type.toLowerCase()} in ${h.area}, ${city.name}. ${
      city.climate === "beach"
        ? "The sea is a short walk away"
        : city.climate === "hills"
          ? "Rooms look out on the mountains"
          : "The old city's sights are close by"
    }, and the staff can arrange local sightseeing, cabs and guides. Check-in from 2 PM, check-out by 11 AM.`;
    const lat = Math.round((city.lat + ((i % 5) - 2) * 0.004) * 1e6);
    const lng = Math.round((city.lng + ((i % 3) - 1) * 0.004) * 1e6);
    const rating = Math.min(49, 34 + h.stars * 2 + (i % 4));
    out.push(
      `INSERT OR IGNORE INTO stay_hotels (id, name, city, area, stars, property_type, address, lat_e6, lng_e6, description, images, check_in_time, check_out_time, policies, facilities, base_rate, rating, rating_count) VALUES (${[
        h.id,
        h.name,
        h.city,
        h.area,
        h.stars,
        h.type,
        `${10 + i * 7}, ${h.area}, ${city.name}, ${city.state} ${city.pin}${String(100 + i).slice(-3)}`,
        lat,
        lng,
        description,
      ]
        .map(q)
        .join(
          ", ",
        )}, ${json(images)}, '14:00', '11:00', ${json(policiesOf(h))}, ${json(facilitiesOf(h, city))}, ${rupees(h.rate)}, ${rating}, ${40 + ((i * 37) % 400)});`,
    );
    ROOMS(h.stars).forEach((r, n) => {
      const roomFacilities = [
        city.climate === "hills" ? "HEATER" : "AC",
        "TV",
        "KETTLE",
        ...(h.stars >= 4 ? ["MINIBAR", "SAFE", "BALCONY"] : []),
      ];
      out.push(
        `INSERT OR IGNORE INTO stay_rooms (hotel_id, code, name, beds, size_sqm, max_adults, max_children, max_total, rate_factor, inventory, facilities, image, sort) VALUES (${[
          h.id,
          r.code,
          r.name,
          r.beds,
          r.size,
          r.adults,
          r.children,
          r.total,
          r.factor,
          r.inventory,
        ]
          .map(q)
          .join(", ")}, ${json(roomFacilities)}, ${q(`/images/packages/${city.image}-${((n + 2) % 4) + 1}.svg`)}, ${n});`,
      );
    });
  });
  return out;
}

const OPERATORS: { id: string; name: string; rating: number; phone: string; state?: boolean }[] = [
  { id: "bo_vrl", name: "VRL Travels", rating: 43, phone: "+91 80 4000 1001" },
  { id: "bo_srs", name: "SRS Travels", rating: 40, phone: "+91 80 4000 1002" },
  { id: "bo_orange", name: "Orange Tours and Travels", rating: 42, phone: "+91 40 4000 1003" },
  { id: "bo_intrcity", name: "IntrCity SmartBus", rating: 44, phone: "+91 11 4000 1004" },
  { id: "bo_zingbus", name: "zingbus", rating: 41, phone: "+91 11 4000 1005" },
  { id: "bo_paulo", name: "Paulo Travels", rating: 41, phone: "+91 832 400 1006" },
  { id: "bo_ksrtc", name: "KSRTC Airavat", rating: 43, phone: "+91 80 4000 1007", state: true },
  { id: "bo_setc", name: "SETC Tamil Nadu", rating: 37, phone: "+91 44 4000 1008", state: true },
  { id: "bo_msrtc", name: "MSRTC Shivneri", rating: 40, phone: "+91 22 4000 1009", state: true },
  { id: "bo_hrtc", name: "HRTC Himsuta", rating: 39, phone: "+91 177 400 1010", state: true },
  { id: "bo_rsrtc", name: "RSRTC Volvo", rating: 38, phone: "+91 141 400 1011", state: true },
  { id: "bo_kertc", name: "Kerala RTC", rating: 38, phone: "+91 471 400 1012", state: true },
];

/** Where buses stop in each city, in the order a bus leaving the city picks up. */
const STOPS: Record<string, [name: string, landmark: string][]> = {
  Bengaluru: [
    ["Majestic", "Kempegowda Bus Station, platform 20"],
    ["Madiwala", "Opposite St. John's Hospital"],
    ["Electronic City", "Infosys gate 1"],
  ],
  Chennai: [
    ["Koyambedu", "CMBT omni bus stand"],
    ["Guindy", "Kathipara junction"],
    ["Tambaram", "Tambaram railway station east"],
  ],
  Hyderabad: [
    ["Lakdikapul", "Opposite Ravindra Bharati"],
    ["Ameerpet", "Metro station pillar 1010"],
    ["Miyapur", "Allwyn X Roads"],
  ],
  Goa: [
    ["Panaji", "Kadamba bus stand"],
    ["Mapusa", "Mapusa bus stand"],
    ["Margao", "Kadamba bus stand, Margao"],
  ],
  Mumbai: [
    ["Dadar East", "Near Chitra cinema"],
    ["Sion", "Sion circle"],
    ["Borivali", "National Park gate"],
  ],
  Pune: [
    ["Swargate", "Swargate bus stand"],
    ["Wakad", "Wakad bridge"],
  ],
  Delhi: [
    ["Kashmere Gate", "ISBT Kashmere Gate, gate 3"],
    ["Majnu ka Tilla", "Near the gurudwara"],
    ["Dhaula Kuan", "Near the metro station"],
  ],
  Jaipur: [
    ["Sindhi Camp", "Sindhi Camp bus stand"],
    ["Narayan Singh Circle", "Near the circle"],
  ],
  Manali: [
    ["Manali", "Private bus stand"],
    ["Patlikuhal", "Main market"],
  ],
  Rishikesh: [
    ["Rishikesh ISBT", "Haridwar road"],
    ["Tapovan", "Near Laxman Jhula"],
  ],
  Udaipur: [
    ["Udaipur", "Udiapole bus stand"],
    ["Sukhadia Circle", "Near the fountain"],
  ],
  Kochi: [
    ["Vyttila", "Vyttila Mobility Hub"],
    ["Ernakulam", "KSRTC bus stand"],
  ],
  Munnar: [
    ["Munnar", "KSRTC bus stand"],
    ["Old Munnar", "Near the post office"],
  ],
  Alleppey: [["Alappuzha", "KSRTC bus stand"]],
};

type Kind = "acs" | "acst" | "nacs" | "nacst";
const KINDS: Record<Kind, { label: string; ac: boolean; sleeper: boolean; layout: BusLayout; factor: number; amenities: string[] }> = {
  acs: {
    label: "Volvo Multi-Axle A/C Sleeper (2+1)",
    ac: true,
    sleeper: true,
    layout: "sleeper_2x1",
    factor: 2.2,
    amenities: ["Water bottle", "Blanket", "Charging point", "Reading light", "Live tracking"],
  },
  acst: {
    label: "Volvo 9600 A/C Seater (2+2)",
    ac: true,
    sleeper: false,
    layout: "seater_2x2",
    factor: 1.6,
    amenities: ["Water bottle", "Charging point", "Live tracking"],
  },
  nacs: {
    label: "Non A/C Sleeper (2+1)",
    ac: false,
    sleeper: true,
    layout: "sleeper_2x1",
    factor: 1.4,
    amenities: ["Blanket", "Charging point"],
  },
  nacst: { label: "Non A/C Seater (2+2)", ac: false, sleeper: false, layout: "seater_2x2", factor: 1, amenities: ["Charging point"] },
};

/** Routes: origin, destination, hours on the road, the non-A/C seater fare in rupees, and services (operator, departure, kind). */
const ROUTES: [string, string, number, number, [string, string, Kind][]][] = [
  [
    "Bengaluru",
    "Chennai",
    6,
    450,
    [
      ["bo_ksrtc", "06:30", "acst"],
      ["bo_setc", "07:45", "nacst"],
      ["bo_orange", "14:00", "acst"],
      ["bo_intrcity", "21:30", "acs"],
      ["bo_vrl", "22:00", "acs"],
      ["bo_srs", "23:15", "nacs"],
      ["bo_zingbus", "23:45", "acs"],
    ],
  ],
  [
    "Chennai",
    "Bengaluru",
    6,
    450,
    [
      ["bo_setc", "06:00", "nacst"],
      ["bo_intrcity", "13:30", "acst"],
      ["bo_srs", "21:45", "nacs"],
      ["bo_ksrtc", "22:30", "acs"],
    ],
  ],
  [
    "Bengaluru",
    "Hyderabad",
    10,
    650,
    [
      ["bo_srs", "19:00", "nacs"],
      ["bo_orange", "20:30", "acs"],
      ["bo_vrl", "21:15", "acs"],
    ],
  ],
  [
    "Hyderabad",
    "Bengaluru",
    10,
    650,
    [
      ["bo_intrcity", "20:00", "acs"],
      ["bo_orange", "21:00", "acs"],
    ],
  ],
  [
    "Bengaluru",
    "Goa",
    11,
    700,
    [
      ["bo_ksrtc", "18:00", "acst"],
      ["bo_paulo", "19:30", "acs"],
      ["bo_vrl", "20:45", "acs"],
    ],
  ],
  [
    "Mumbai",
    "Goa",
    12,
    650,
    [
      ["bo_msrtc", "06:00", "nacst"],
      ["bo_paulo", "18:30", "acs"],
      ["bo_zingbus", "19:45", "acs"],
    ],
  ],
  [
    "Goa",
    "Mumbai",
    12,
    650,
    [
      ["bo_paulo", "17:30", "acs"],
      ["bo_vrl", "19:00", "nacs"],
    ],
  ],
  [
    "Mumbai",
    "Pune",
    3.5,
    300,
    [
      ["bo_msrtc", "06:15", "acst"],
      ["bo_msrtc", "09:30", "acst"],
      ["bo_msrtc", "14:00", "acst"],
      ["bo_intrcity", "18:15", "acst"],
    ],
  ],
  [
    "Pune",
    "Mumbai",
    3.5,
    300,
    [
      ["bo_msrtc", "07:00", "acst"],
      ["bo_msrtc", "17:30", "acst"],
    ],
  ],
  [
    "Delhi",
    "Jaipur",
    5.5,
    450,
    [
      ["bo_rsrtc", "06:00", "acst"],
      ["bo_intrcity", "14:30", "acst"],
      ["bo_zingbus", "23:00", "acs"],
    ],
  ],
  [
    "Delhi",
    "Manali",
    13,
    800,
    [
      ["bo_hrtc", "17:30", "acst"],
      ["bo_intrcity", "18:15", "acs"],
      ["bo_zingbus", "19:00", "acs"],
    ],
  ],
  [
    "Delhi",
    "Rishikesh",
    6.5,
    400,
    [
      ["bo_intrcity", "22:00", "acs"],
      ["bo_zingbus", "23:30", "acst"],
    ],
  ],
  [
    "Jaipur",
    "Udaipur",
    7,
    450,
    [
      ["bo_rsrtc", "07:30", "acst"],
      ["bo_zingbus", "22:30", "acs"],
    ],
  ],
  [
    "Kochi",
    "Munnar",
    4.5,
    250,
    [
      ["bo_kertc", "06:45", "nacst"],
      ["bo_kertc", "13:15", "nacst"],
    ],
  ],
  ["Kochi", "Alleppey", 1.5, 120, [["bo_kertc", "08:00", "nacst"]]],
];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "_");

function busStatements() {
  const out = OPERATORS.map(
    (o) =>
      `INSERT OR IGNORE INTO bus_operators (id, name, rating, phone, state_transport) VALUES (${[o.id, o.name, o.rating, o.phone, Boolean(o.state)].map(q).join(", ")});`,
  );
  for (const [origin, destination, hours, fare, services] of ROUTES) {
    const from = STOPS[origin];
    const to = STOPS[destination];
    if (!from || !to) throw new Error(`seed bus route ${origin} → ${destination} has no stops`);
    for (const [operatorId, time, kind] of services) {
      const operator = OPERATORS.find((o) => o.id === operatorId);
      if (!operator) throw new Error(`seed bus service names an unknown operator ${operatorId}`);
      const k = KINDS[kind];
      const [hh, mm] = time.split(":").map(Number);
      const departs = hh * 60 + mm;
      // Night buses are slower on the highway than day ones, by a little, and each operator differs by a few minutes.
      const durationMin = Math.round(hours * 60 + (k.sleeper ? 20 : 0) + (operatorId.length % 4) * 10);
      const id = `bs_${slug(origin)}_${slug(destination)}_${operatorId.slice(3)}_${time.replace(":", "")}`;
      const boarding: BusStop[] = from.map(([name, landmark], i) => ({
        id: `${id}_bp${i + 1}`,
        name,
        landmark,
        address: `${landmark}, ${name}, ${origin}`,
        offsetMin: i * 25,
        phone: operator.phone,
      }));
      const dropping: BusStop[] = to.map(([name, landmark], i) => ({
        id: `${id}_dp${i + 1}`,
        name,
        landmark,
        address: `${landmark}, ${name}, ${destination}`,
        offsetMin: durationMin - (to.length - 1 - i) * 20,
      }));
      const cancellation: BusCancellationRule[] = operator.state
        ? [
            { hoursBefore: 24, chargePercent: 10 },
            { hoursBefore: 2, chargePercent: 25 },
            { hoursBefore: 0, chargePercent: 100 },
          ]
        : [
            { hoursBefore: 48, chargePercent: 10 },
            { hoursBefore: 24, chargePercent: 25 },
            { hoursBefore: 12, chargePercent: 50 },
            { hoursBefore: 0, chargePercent: 100 },
          ];
      out.push(
        `INSERT OR IGNORE INTO bus_services (id, operator_id, origin, destination, departs, duration_min, label, ac, sleeper, layout, base_fare, amenities, boarding_points, dropping_points, cancellation) VALUES (${[
          id,
          operatorId,
          origin,
          destination,
          departs,
          durationMin,
          k.label,
          k.ac,
          k.sleeper,
          k.layout,
          rupees(Math.round((fare * k.factor) / 10) * 10),
        ]
          .map(q)
          .join(", ")}, ${json(k.amenities)}, ${json(boarding)}, ${json(dropping)}, ${json(cancellation)});`,
      );
    }
  }
  return out;
}

export function travelStatements() {
  return [...hotelStatements(), ...busStatements()];
}
