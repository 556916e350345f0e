CREATE TABLE `voucher_templates` (
	`seller_id` text PRIMARY KEY NOT NULL,
	`logo` text,
	`primary_color` text NOT NULL,
	`accent_color` text NOT NULL,
	`header_text` text DEFAULT '' NOT NULL,
	`footer_text` text DEFAULT '' NOT NULL,
	`emergency_phone` text DEFAULT '' NOT NULL,
	`sections` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
