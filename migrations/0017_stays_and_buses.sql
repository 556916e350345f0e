CREATE TABLE `bus_operators` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`rating` integer NOT NULL,
	`phone` text NOT NULL,
	`state_transport` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bus_seats` (
	`service_id` text NOT NULL,
	`travel_date` text NOT NULL,
	`seat` text NOT NULL,
	`booking_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `bus_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bus_seats_trip_seat_idx` ON `bus_seats` (`service_id`,`travel_date`,`seat`);--> statement-breakpoint
CREATE INDEX `bus_seats_booking_idx` ON `bus_seats` (`booking_id`);--> statement-breakpoint
CREATE TABLE `bus_services` (
	`id` text PRIMARY KEY NOT NULL,
	`operator_id` text NOT NULL,
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`departs` integer NOT NULL,
	`duration_min` integer NOT NULL,
	`label` text NOT NULL,
	`ac` integer NOT NULL,
	`sleeper` integer NOT NULL,
	`layout` text NOT NULL,
	`base_fare` integer NOT NULL,
	`amenities` text NOT NULL,
	`boarding_points` text NOT NULL,
	`dropping_points` text NOT NULL,
	`cancellation` text NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `bus_operators`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bus_services_route_idx` ON `bus_services` (lower("origin"),lower("destination"));--> statement-breakpoint
CREATE TABLE `stay_facilities` (
	`code` text PRIMARY KEY NOT NULL,
	`group_code` text NOT NULL,
	`group_name` text NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stay_hotels` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`city` text NOT NULL,
	`area` text NOT NULL,
	`stars` integer NOT NULL,
	`property_type` text NOT NULL,
	`address` text NOT NULL,
	`lat_e6` integer NOT NULL,
	`lng_e6` integer NOT NULL,
	`description` text NOT NULL,
	`images` text NOT NULL,
	`check_in_time` text NOT NULL,
	`check_out_time` text NOT NULL,
	`policies` text NOT NULL,
	`facilities` text NOT NULL,
	`base_rate` integer NOT NULL,
	`rating` integer NOT NULL,
	`rating_count` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stay_hotels_city_idx` ON `stay_hotels` (lower("city"),`stars`);--> statement-breakpoint
CREATE TABLE `stay_rooms` (
	`hotel_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`beds` text NOT NULL,
	`size_sqm` integer NOT NULL,
	`max_adults` integer NOT NULL,
	`max_children` integer NOT NULL,
	`max_total` integer NOT NULL,
	`rate_factor` integer NOT NULL,
	`inventory` integer NOT NULL,
	`facilities` text NOT NULL,
	`image` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`hotel_id`, `code`),
	FOREIGN KEY (`hotel_id`) REFERENCES `stay_hotels`(`id`) ON UPDATE no action ON DELETE cascade
);
