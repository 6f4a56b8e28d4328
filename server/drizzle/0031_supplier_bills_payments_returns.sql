CREATE TABLE `supplier_bill_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`billId` text NOT NULL,
	`supplierId` text NOT NULL,
	`receiptId` text NOT NULL,
	`receiptLineId` text NOT NULL,
	`position` integer NOT NULL,
	`itemId` text NOT NULL,
	`itemName` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitCostCents` integer NOT NULL,
	`amountCents` integer NOT NULL,
	`receivedCents` integer NOT NULL,
	`differs` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_bill_lines_version` ON `supplier_bill_lines` (`version`);--> statement-breakpoint
CREATE INDEX `supplier_bill_lines_bill` ON `supplier_bill_lines` (`billId`);--> statement-breakpoint
CREATE INDEX `supplier_bill_lines_receipt_line` ON `supplier_bill_lines` (`receiptLineId`);--> statement-breakpoint
CREATE TABLE `supplier_bills` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`supplierId` text NOT NULL,
	`supplierName` text DEFAULT '' NOT NULL,
	`billNo` text NOT NULL,
	`billDate` text NOT NULL,
	`dueDate` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`totalCents` integer DEFAULT 0 NOT NULL,
	`receivedCents` integer DEFAULT 0 NOT NULL,
	`differs` integer DEFAULT false NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_bills_version` ON `supplier_bills` (`version`);--> statement-breakpoint
CREATE INDEX `supplier_bills_supplier` ON `supplier_bills` (`supplierId`,`billDate`);--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_bills_number` ON `supplier_bills` (`supplierId`,`billNo`);--> statement-breakpoint
CREATE TABLE `supplier_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`supplierId` text NOT NULL,
	`supplierName` text DEFAULT '' NOT NULL,
	`billId` text,
	`amountCents` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`sessionId` text,
	`register` text DEFAULT '' NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_payments_version` ON `supplier_payments` (`version`);--> statement-breakpoint
CREATE INDEX `supplier_payments_supplier` ON `supplier_payments` (`supplierId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `supplier_payments_bill` ON `supplier_payments` (`billId`);--> statement-breakpoint
CREATE TABLE `supplier_return_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`returnId` text NOT NULL,
	`receiptId` text NOT NULL,
	`receiptLineId` text NOT NULL,
	`position` integer NOT NULL,
	`itemId` text NOT NULL,
	`itemName` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitCostCents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_return_lines_version` ON `supplier_return_lines` (`version`);--> statement-breakpoint
CREATE INDEX `supplier_return_lines_return` ON `supplier_return_lines` (`returnId`);--> statement-breakpoint
CREATE INDEX `supplier_return_lines_receipt_line` ON `supplier_return_lines` (`receiptLineId`);--> statement-breakpoint
CREATE TABLE `supplier_returns` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`receiptId` text NOT NULL,
	`orderId` text NOT NULL,
	`orderNo` text DEFAULT '' NOT NULL,
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
CREATE INDEX `supplier_returns_version` ON `supplier_returns` (`version`);--> statement-breakpoint
CREATE INDEX `supplier_returns_receipt` ON `supplier_returns` (`receiptId`);--> statement-breakpoint
CREATE INDEX `supplier_returns_supplier` ON `supplier_returns` (`supplierId`,`createdAt`);