ALTER TABLE `company` ADD `vatNumber` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `itemisedReceipt` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `roundCash` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `roundingCents` integer DEFAULT 0 NOT NULL;