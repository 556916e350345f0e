ALTER TABLE `sellers` ADD `hours` text;--> statement-breakpoint
ALTER TABLE `sellers` ADD `social_links` text;