CREATE TABLE `seller_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`business_name` text NOT NULL,
	`phone` text NOT NULL,
	`city` text NOT NULL,
	`about` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`review_note` text,
	`reviewed_by` text,
	`reviewed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seller_requests_status_idx` ON `seller_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `seller_requests_one_pending` ON `seller_requests` (`user_id`) WHERE status = 'pending';