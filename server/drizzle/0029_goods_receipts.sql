CREATE TABLE `goods_receipt_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`receiptId` text NOT NULL,
	`orderId` text NOT NULL,
	`orderLineId` text,
	`position` integer NOT NULL,
	`itemId` text NOT NULL,
	`itemName` text NOT NULL,
	`barcode` text DEFAULT '' NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitCostCents` integer DEFAULT 0 NOT NULL,
	`issue` text DEFAULT '' NOT NULL,
	`returnedHundredths` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `goods_receipt_lines_version` ON `goods_receipt_lines` (`version`);--> statement-breakpoint
CREATE INDEX `goods_receipt_lines_receipt` ON `goods_receipt_lines` (`receiptId`);--> statement-breakpoint
CREATE INDEX `goods_receipt_lines_item` ON `goods_receipt_lines` (`itemId`);--> statement-breakpoint
CREATE TABLE `goods_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`orderId` text NOT NULL,
	`orderNo` text NOT NULL,
	`supplierId` text NOT NULL,
	`supplierName` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`totalCents` integer DEFAULT 0 NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL,
	`register` text DEFAULT '' NOT NULL,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL,
	`reviewState` text DEFAULT '' NOT NULL,
	`reviewReason` text DEFAULT '' NOT NULL,
	`reviewedById` text,
	`reviewedBy` text DEFAULT '' NOT NULL,
	`reviewedAt` text
);
--> statement-breakpoint
CREATE INDEX `goods_receipts_version` ON `goods_receipts` (`version`);--> statement-breakpoint
CREATE INDEX `goods_receipts_order` ON `goods_receipts` (`orderId`);--> statement-breakpoint
CREATE INDEX `goods_receipts_supplier` ON `goods_receipts` (`supplierId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `goods_receipts_created` ON `goods_receipts` (`createdAt`);