CREATE TABLE `seller_slug_changes` (
	`old_slug` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seller_slug_changes_one_per_seller` ON `seller_slug_changes` (`seller_id`);--> statement-breakpoint
ALTER TABLE `sellers` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sellers_slug_unique` ON `sellers` (`slug`);--> statement-breakpoint
-- Backfill (ADR 0040): every existing seller gets a slug from its name, in order of signup, with -2, -3… on a clash.
-- SQLite has no regex, so the name is walked one character at a time: a-z and 0-9 are kept, any run of others
-- becomes one hyphen (an accented letter counts as "other" here; new sellers get the Worker's slugify()).
WITH RECURSIVE
  walk(id, rest, out) AS (
    SELECT id, lower(name), '' FROM sellers WHERE slug IS NULL
    UNION ALL
    SELECT
      id,
      substr(rest, 2),
      out || CASE
        WHEN substr(rest, 1, 1) BETWEEN 'a' AND 'z' OR substr(rest, 1, 1) BETWEEN '0' AND '9' THEN substr(rest, 1, 1)
        WHEN out = '' OR substr(out, -1) = '-' THEN ''
        ELSE '-'
      END
    FROM walk
    WHERE rest <> ''
  ),
  cut(id, base) AS (
    SELECT id, rtrim(substr(trim(out, '-'), 1, 36), '-') FROM walk WHERE rest = ''
  ),
  named(id, base) AS (
    SELECT id, CASE
      WHEN length(base) < 3 OR base IN (
        'admin', 'api', 'dashboard', 'help', 'login', 'logout', 'new', 'null', 'seller', 'seller-dashboard', 'sellers',
        'settings', 'signin', 'signup', 'superadmin', 'superadmin-panel', 'support', 'tripbazaar', 'undefined',
        'user-dashboard', 'website', 'www'
      ) THEN 'seller'
      ELSE base
    END
    FROM cut
  ),
  numbered(id, slug) AS (
    SELECT named.id, CASE
      WHEN row_number() OVER (PARTITION BY base ORDER BY sellers.created_at, sellers.id) = 1 AND base <> 'seller' THEN base
      ELSE base || '-' || (row_number() OVER (PARTITION BY base ORDER BY sellers.created_at, sellers.id) + (base = 'seller'))
    END
    FROM named JOIN sellers ON sellers.id = named.id
  )
UPDATE OR IGNORE sellers SET slug = numbered.slug FROM numbered WHERE numbered.id = sellers.id AND sellers.slug IS NULL;
--> statement-breakpoint
-- A name whose slug another row already took by chance ("Trails 2" beside a second "Trails"): a random one instead.
UPDATE OR IGNORE sellers SET slug = 'seller-' || lower(hex(randomblob(4))) WHERE slug IS NULL;
