PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_cart_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`package_id` text,
	`package_name` text DEFAULT '' NOT NULL,
	`seller_id` text NOT NULL,
	`request` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_cart_items`("id", "user_id", "package_id", "package_name", "seller_id", "request", "created_at") SELECT "id", "user_id", "package_id", coalesce((SELECT `name` FROM `packages` WHERE `packages`.`id` = `cart_items`.`package_id`), ''), "seller_id", "request", "created_at" FROM `cart_items`;--> statement-breakpoint
DROP TABLE `cart_items`;--> statement-breakpoint
ALTER TABLE `__new_cart_items` RENAME TO `cart_items`;--> statement-breakpoint
CREATE INDEX `cart_items_user_idx` ON `cart_items` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_refund_id` text,
	`failure_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`processed_at` text,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `payment_items`(`booking_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_refunds`("id", "payment_id", "booking_id", "seller_id", "amount", "reason", "status", "provider_refund_id", "failure_reason", "created_at", "processed_at") SELECT "id", "payment_id", "booking_id", "seller_id", "amount", "reason", "status", "provider_refund_id", "failure_reason", "created_at", "processed_at" FROM `refunds`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
ALTER TABLE `__new_refunds` RENAME TO `refunds`;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_id_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_seller_idx` ON `refunds` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_payment_idx` ON `refunds` (`payment_id`);--> statement-breakpoint
ALTER TABLE `payment_items` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `payment_items` ADD `unbooked_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_items_cart_item_booked` ON `payment_items` (`cart_item_id`) WHERE outcome = 'booked';--> statement-breakpoint
UPDATE `payment_items` SET `outcome` = 'booked' WHERE `booking_id` IN (SELECT `id` FROM `bookings`);
