ALTER TABLE `invoices` ADD `reviewState` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reviewReason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `duplicateOfId` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reviewedById` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reviewedBy` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reviewedAt` text;