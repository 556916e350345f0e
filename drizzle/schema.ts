export * from "./bookings";
export * from "./packages";
export * from "./sellers";
export * from "./users";
export * from "./payments";
export * from "./vouchers";
export * from "./departures";
export * from "./catalogue";
