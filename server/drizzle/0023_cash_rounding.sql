ALTER TABLE `company` ADD `roundCash` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `roundingCents` integer DEFAULT 0 NOT NULL;