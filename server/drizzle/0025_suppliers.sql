CREATE TABLE `suppliers` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`name` text NOT NULL,
	`contactPerson` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`paymentTermsDays` integer DEFAULT 0 NOT NULL,
	`notes` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suppliers_version` ON `suppliers` (`version`);--> statement-breakpoint
ALTER TABLE `items` ADD `supplierId` text;--> statement-breakpoint
ALTER TABLE `items` ADD `supplierPartNo` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `lastCostCents` integer DEFAULT 0 NOT NULL;