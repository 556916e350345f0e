CREATE TABLE `package_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`package_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`changes` text NOT NULL,
	`before` text NOT NULL,
	`reason` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`decided_at` text,
	`decided_by` text,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_edits_one_pending` ON `package_edits` (`package_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `package_edits_status_idx` ON `package_edits` (`status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `package_edits_seller_idx` ON `package_edits` (`seller_id`,`package_id`);--> statement-breakpoint
ALTER TABLE `packages` ADD `moderation` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `packages` ADD `moderation_reason` text;--> statement-breakpoint
CREATE INDEX `packages_moderation_idx` ON `packages` (`moderation`,`created_at`);