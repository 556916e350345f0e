ALTER TABLE `refunds` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `next_attempt_at` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `provider_payment_id` text;