ALTER TABLE `company` ADD `vatNumber` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `itemisedReceipt` integer DEFAULT false NOT NULL;