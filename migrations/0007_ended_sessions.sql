CREATE TABLE `ended_sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL
);
