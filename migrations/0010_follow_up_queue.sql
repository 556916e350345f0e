-- The outbox becomes the follow-up queue's record (ADR 0039). Emails written before this were delivered (or not) at
-- the time, so they are kept as sent and never sent again; a failed one is kept as dead.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text,
	`kind` text DEFAULT 'email' NOT NULL,
	`payload` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`claimed_at` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_outbox`("id", "seller_id", "kind", "to", "subject", "text", "status", "created_at") SELECT "id", "seller_id", 'email', "to", "subject", "text", CASE "status" WHEN 'failed' THEN 'dead' ELSE 'sent' END, "created_at" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
CREATE INDEX `outbox_to_idx` ON `outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_status_idx` ON `outbox` (`status`,`created_at`);