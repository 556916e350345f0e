CREATE TABLE `review_invitations` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`package_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`user_id` text NOT NULL,
	`author_name` text NOT NULL,
	`travelled_on` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`status` text NOT NULL,
	`held_for` text,
	`removal_reason` text,
	`removed_at` text,
	`seller_reply` text,
	`seller_replied_at` text,
	`report_reason` text,
	`reported_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`published_at` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating" CHECK(rating between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_package_idx` ON `reviews` (`package_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_status_idx` ON `reviews` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_seller_idx` ON `reviews` (`seller_id`,`created_at`);