CREATE TABLE `student_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`institution` text NOT NULL,
	`course_end_date` text NOT NULL,
	`document_key` text,
	`document_type` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`decided_at` text,
	`decided_by` text,
	`reason` text,
	`expires_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "student_verifications_expiry" CHECK(status <> 'verified' or expires_at is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_verifications_user_id_unique` ON `student_verifications` (`user_id`);--> statement-breakpoint
CREATE INDEX `student_verifications_status_idx` ON `student_verifications` (`status`,`submitted_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `student_discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `packages` ADD `student_discount` integer DEFAULT false NOT NULL;