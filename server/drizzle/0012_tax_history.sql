CREATE TABLE `tax_history` (
	`id` text PRIMARY KEY NOT NULL,
	`taxRatePercent` real NOT NULL,
	`pricesIncludeTax` integer NOT NULL,
	`effectiveAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tax_history_effective` ON `tax_history` (`effectiveAt`);--> statement-breakpoint
-- The setting saved before this history existed is taken as in force since always.
INSERT INTO `tax_history` (`id`, `taxRatePercent`, `pricesIncludeTax`, `effectiveAt`) SELECT 'before-history', `taxRatePercent`, `pricesIncludeTax`, '1970-01-01T00:00:00.000Z' FROM `company` WHERE `deleted` = 0;
