ALTER TABLE `custom_domains` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `records` text;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `held_by_admin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `checked_at` text;--> statement-breakpoint
CREATE INDEX `custom_domains_status_idx` ON `custom_domains` (`status`,`checked_at`);