CREATE TABLE `stock_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`itemId` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`reason` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`mutationId` text NOT NULL,
	`userId` text NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_movements_version` ON `stock_movements` (`version`);--> statement-breakpoint
CREATE INDEX `stock_movements_item` ON `stock_movements` (`itemId`,`version`);--> statement-breakpoint
CREATE TABLE `version_log` (
	`version` integer PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`mutationId` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `applied_mutations` ADD `version` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `stockHundredths` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Data (hand-written; this file is SQLite's own migration, so SQLite functions are fine here):
-- the stock moves from a real number to exact hundredths, and each item's stock so far becomes its
-- opening movement, at the item's own version (the two rows belong to one change).
UPDATE `items` SET `stockHundredths` = CAST(round(`stockQuantity` * 100) AS INTEGER);--> statement-breakpoint
INSERT INTO `stock_movements` (`id`, `version`, `deleted`, `updatedAt`, `itemId`, `quantityHundredths`, `reason`, `source`, `note`, `mutationId`, `userId`, `createdAt`)
  SELECT `id` || '/opening', `version`, 0, `updatedAt`, `id`, `stockHundredths`, 'opening', 'migration', '', 'migration-0001', '', `updatedAt`
  FROM `items` WHERE `stockHundredths` <> 0;--> statement-breakpoint
-- Every version given out so far gets its nonce. Cursors of the old form name no nonce, so every
-- device reloads once after this migration (and so receives items with their new stock field).
WITH RECURSIVE `v`(`n`) AS (
  SELECT 1 WHERE (SELECT `value` FROM `counters` WHERE `name` = 'version') >= 1
  UNION ALL SELECT `n` + 1 FROM `v` WHERE `n` < (SELECT `value` FROM `counters` WHERE `name` = 'version')
)
INSERT INTO `version_log` (`version`, `nonce`, `mutationId`) SELECT `n`, lower(hex(randomblob(8))), 'migration-0001' FROM `v`;--> statement-breakpoint
ALTER TABLE `items` DROP COLUMN `stockQuantity`;