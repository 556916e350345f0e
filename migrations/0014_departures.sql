CREATE TABLE `departures` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`package_id` text NOT NULL,
	`start_date` text NOT NULL,
	`capacity` integer NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	`cutoff_hours` integer DEFAULT 0 NOT NULL,
	`min_group` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "departure_seats_fit" CHECK(capacity > 0 and sold >= 0 and held >= 0 and sold + held <= capacity)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `departures_package_date_idx` ON `departures` (`package_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `departures_seller_idx` ON `departures` (`seller_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `seat_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`departure_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`payment_id` text,
	`seats` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`departure_id`) REFERENCES `departures`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "seat_hold_seats" CHECK(seats > 0)
);
--> statement-breakpoint
CREATE INDEX `seat_holds_departure_idx` ON `seat_holds` (`departure_id`,`status`);--> statement-breakpoint
CREATE INDEX `seat_holds_payment_idx` ON `seat_holds` (`payment_id`);--> statement-breakpoint
CREATE INDEX `seat_holds_expiry_idx` ON `seat_holds` (`status`,`expires_at`);