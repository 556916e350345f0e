CREATE TABLE `addons` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price` integer NOT NULL,
	`unit` text NOT NULL,
	`max_quantity` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `addons_seller_idx` ON `addons` (`seller_id`,`name`);--> statement-breakpoint
CREATE TABLE `hotels` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`name` text NOT NULL,
	`city` text NOT NULL,
	`stars` integer NOT NULL,
	`image` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hotels_seller_idx` ON `hotels` (`seller_id`,`name`);--> statement-breakpoint
CREATE TABLE `package_addons` (
	`package_id` text NOT NULL,
	`addon_id` text NOT NULL,
	`seller_id` text NOT NULL,
	PRIMARY KEY(`package_id`, `addon_id`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`addon_id`) REFERENCES `addons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_addons_seller_idx` ON `package_addons` (`seller_id`);--> statement-breakpoint
CREATE TABLE `package_hotels` (
	`package_id` text NOT NULL,
	`hotel_id` text NOT NULL,
	`seller_id` text NOT NULL,
	PRIMARY KEY(`package_id`, `hotel_id`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hotel_id`) REFERENCES `hotels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_hotels_seller_idx` ON `package_hotels` (`seller_id`);--> statement-breakpoint
CREATE TABLE `package_meal_plans` (
	`package_id` text NOT NULL,
	`code` text NOT NULL,
	`seller_id` text NOT NULL,
	`supplement` integer NOT NULL,
	PRIMARY KEY(`package_id`, `code`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_meal_plans_seller_idx` ON `package_meal_plans` (`seller_id`);--> statement-breakpoint
CREATE TABLE `room_types` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`hotel_id` text NOT NULL,
	`name` text NOT NULL,
	`occupancy` integer NOT NULL,
	`price_per_night` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hotel_id`) REFERENCES `hotels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `room_types_hotel_idx` ON `room_types` (`hotel_id`);--> statement-breakpoint
CREATE INDEX `room_types_seller_idx` ON `room_types` (`seller_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `meal_charge` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `addon_charge` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `choices` text;--> statement-breakpoint
ALTER TABLE `packages` ADD `itinerary` text DEFAULT '[]' NOT NULL;