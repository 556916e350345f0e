CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`actor_role` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text,
	`ip` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`discount_percent` integer DEFAULT 10 NOT NULL,
	`booking_fee_percent` integer DEFAULT 18 NOT NULL,
	`max_travellers` integer DEFAULT 12 NOT NULL,
	`children_discount_percent` integer DEFAULT 0 NOT NULL,
	`student_discount_percent` integer DEFAULT 5 NOT NULL,
	`packages_need_approval` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_by` text,
	CONSTRAINT "platform_settings_one_row" CHECK(id = 'platform'),
	CONSTRAINT "platform_settings_percents" CHECK(discount_percent between 0 and 90 and booking_fee_percent between 0 and 50 and children_discount_percent between 0 and 100 and student_discount_percent between 0 and 90),
	CONSTRAINT "platform_settings_travellers" CHECK(max_travellers between 1 and 50)
);
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit log entries cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit log entries cannot be deleted'); END;
--> statement-breakpoint
INSERT INTO `platform_settings` (`id`) VALUES ('platform');
