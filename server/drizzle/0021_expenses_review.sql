ALTER TABLE `expenses` ADD `reviewState` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `expenses` ADD `reviewReason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `expenses` ADD `reviewedById` text;--> statement-breakpoint
ALTER TABLE `expenses` ADD `reviewedBy` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `expenses` ADD `reviewedAt` text;