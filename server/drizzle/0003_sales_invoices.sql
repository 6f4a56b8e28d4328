CREATE TABLE `devices` (
	`clientId` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`userId` text NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_code_unique` ON `devices` (`code`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`invoiceId` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`refId` text,
	`name` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitPriceCents` integer NOT NULL,
	`discountPercent` real DEFAULT 0 NOT NULL,
	`totalCents` integer NOT NULL,
	`taxCents` integer NOT NULL,
	`warrantyMonths` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_version` ON `invoice_lines` (`version`);--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice` ON `invoice_lines` (`invoiceId`,`position`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`invoiceNo` text NOT NULL,
	`date` text NOT NULL,
	`customerId` text,
	`guest` integer DEFAULT false NOT NULL,
	`customerName` text DEFAULT '' NOT NULL,
	`customerPhone` text DEFAULT '' NOT NULL,
	`customerAddress` text DEFAULT '' NOT NULL,
	`jobCardId` text,
	`vehicleLicensePlate` text DEFAULT '' NOT NULL,
	`vehicleMake` text DEFAULT '' NOT NULL,
	`vehicleModel` text DEFAULT '' NOT NULL,
	`currentMileage` integer,
	`taxRatePercent` real DEFAULT 0 NOT NULL,
	`pricesIncludeTax` integer DEFAULT true NOT NULL,
	`grossCents` integer NOT NULL,
	`discountCents` integer NOT NULL,
	`subTotalCents` integer NOT NULL,
	`taxCents` integer NOT NULL,
	`totalCents` integer NOT NULL,
	`soldById` text NOT NULL,
	`soldBy` text NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_version` ON `invoices` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_invoice_no` ON `invoices` (`invoiceNo`);--> statement-breakpoint
CREATE INDEX `invoices_customer_date` ON `invoices` (`customerId`,`date`);--> statement-breakpoint
CREATE INDEX `invoices_job` ON `invoices` (`jobCardId`);--> statement-breakpoint
CREATE INDEX `invoices_date` ON `invoices` (`date`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`invoiceId` text NOT NULL,
	`customerId` text,
	`amountCents` integer NOT NULL,
	`tenderedCents` integer DEFAULT 0 NOT NULL,
	`method` text NOT NULL,
	`date` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payments_version` ON `payments` (`version`);--> statement-breakpoint
CREATE INDEX `payments_invoice` ON `payments` (`invoiceId`);--> statement-breakpoint
CREATE INDEX `payments_date` ON `payments` (`date`);