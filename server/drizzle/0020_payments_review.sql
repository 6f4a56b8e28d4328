ALTER TABLE `payments` ADD `reviewState` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `reviewReason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `reviewedById` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `reviewedBy` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `reviewedAt` text;