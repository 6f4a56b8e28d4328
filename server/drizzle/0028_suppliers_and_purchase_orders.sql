CREATE TABLE `purchase_order_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`orderId` text NOT NULL,
	`position` integer NOT NULL,
	`itemId` text NOT NULL,
	`itemName` text NOT NULL,
	`barcode` text DEFAULT '' NOT NULL,
	`supplierPartNo` text DEFAULT '' NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitCostCents` integer DEFAULT 0 NOT NULL,
	`cancelledHundredths` integer DEFAULT 0 NOT NULL,
	`receivedHundredths` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `purchase_order_lines_version` ON `purchase_order_lines` (`version`);--> statement-breakpoint
CREATE INDEX `purchase_order_lines_order` ON `purchase_order_lines` (`orderId`,`position`);--> statement-breakpoint
CREATE INDEX `purchase_order_lines_item` ON `purchase_order_lines` (`itemId`);--> statement-breakpoint
CREATE TABLE `purchase_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`orderNo` text NOT NULL,
	`supplierId` text NOT NULL,
	`supplierName` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'Draft' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`totalCents` integer DEFAULT 0 NOT NULL,
	`createdAt` text NOT NULL,
	`createdById` text NOT NULL,
	`createdBy` text NOT NULL,
	`orderedAt` text
);
--> statement-breakpoint
CREATE INDEX `purchase_orders_version` ON `purchase_orders` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_orders_order_no` ON `purchase_orders` (`orderNo`);--> statement-breakpoint
CREATE INDEX `purchase_orders_supplier` ON `purchase_orders` (`supplierId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `purchase_orders_created` ON `purchase_orders` (`createdAt`);--> statement-breakpoint
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