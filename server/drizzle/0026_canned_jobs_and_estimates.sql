CREATE TABLE `canned_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`name` text NOT NULL,
	`linesJson` text DEFAULT '[]' NOT NULL,
	`packagePriceCents` integer
);
--> statement-breakpoint
CREATE INDEX `canned_jobs_version` ON `canned_jobs` (`version`);--> statement-breakpoint
CREATE TABLE `estimate_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`estimateId` text NOT NULL,
	`kind` text NOT NULL,
	`refId` text,
	`name` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitPriceCents` integer NOT NULL,
	`totalCents` integer NOT NULL,
	`warranty` text DEFAULT '' NOT NULL,
	`warrantyMonths` integer DEFAULT 0 NOT NULL,
	`quickAdded` integer DEFAULT false NOT NULL,
	`decision` text NOT NULL,
	`decidedAt` text,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `estimate_lines_version` ON `estimate_lines` (`version`);--> statement-breakpoint
CREATE INDEX `estimate_lines_estimate` ON `estimate_lines` (`estimateId`);--> statement-breakpoint
CREATE TABLE `estimates` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`estimateNumber` text NOT NULL,
	`customerId` text NOT NULL,
	`customerName` text NOT NULL,
	`customerPhone` text DEFAULT '' NOT NULL,
	`vehicleLicensePlate` text NOT NULL,
	`plateKey` text NOT NULL,
	`vehicleMake` text DEFAULT '' NOT NULL,
	`vehicleModel` text DEFAULT '' NOT NULL,
	`currentMileage` integer,
	`validUntil` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`jobCardId` text,
	`decidedAt` text,
	`decidedBy` text DEFAULT '' NOT NULL,
	`createdAt` text NOT NULL,
	`createdBy` text NOT NULL,
	`lastEditBy` text DEFAULT '' NOT NULL,
	`lastEditClient` text DEFAULT '' NOT NULL,
	`reviewState` text DEFAULT '' NOT NULL,
	`reviewReason` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `estimates_version` ON `estimates` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_number` ON `estimates` (`estimateNumber`);--> statement-breakpoint
CREATE INDEX `estimates_plate` ON `estimates` (`plateKey`);