ALTER TABLE `invoices` ADD `openingBalance` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `dueDate` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `note` text DEFAULT '' NOT NULL;