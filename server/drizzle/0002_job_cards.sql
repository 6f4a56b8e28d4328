CREATE TABLE `job_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`jobNumber` text,
	`customerId` text NOT NULL,
	`customerName` text DEFAULT '' NOT NULL,
	`customerPhone` text DEFAULT '' NOT NULL,
	`vehicleLicensePlate` text NOT NULL,
	`vehicleMake` text DEFAULT '' NOT NULL,
	`vehicleModel` text DEFAULT '' NOT NULL,
	`currentMileage` integer DEFAULT 0 NOT NULL,
	`previousMileage` integer,
	`dateIn` text NOT NULL,
	`jobType` text DEFAULT '' NOT NULL,
	`promisedDate` text DEFAULT '' NOT NULL,
	`promisedTime` text DEFAULT '' NOT NULL,
	`actionTaken` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'Open' NOT NULL,
	`mechanicId` text,
	`mechanicName` text DEFAULT '' NOT NULL,
	`invoiceId` text,
	`invoiceNo` text,
	`createdAt` text NOT NULL,
	`finishedAt` text
);
--> statement-breakpoint
CREATE INDEX `job_cards_version` ON `job_cards` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `job_cards_job_number` ON `job_cards` (`jobNumber`);--> statement-breakpoint
CREATE INDEX `job_cards_status_date` ON `job_cards` (`status`,`dateIn`);--> statement-breakpoint
CREATE INDEX `job_cards_plate_date` ON `job_cards` (`vehicleLicensePlate`,`dateIn`);--> statement-breakpoint
CREATE INDEX `job_cards_customer` ON `job_cards` (`customerId`);--> statement-breakpoint
CREATE INDEX `job_cards_date` ON `job_cards` (`dateIn`);--> statement-breakpoint
CREATE TABLE `job_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`jobCardId` text NOT NULL,
	`kind` text NOT NULL,
	`refId` text,
	`name` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitPriceCents` integer NOT NULL,
	`totalCents` integer NOT NULL,
	`warranty` text DEFAULT '' NOT NULL,
	`warrantyMonths` integer DEFAULT 0 NOT NULL,
	`quickAdded` integer DEFAULT false NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_lines_version` ON `job_lines` (`version`);--> statement-breakpoint
CREATE INDEX `job_lines_job` ON `job_lines` (`jobCardId`);--> statement-breakpoint
CREATE TABLE `job_status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`jobCardId` text NOT NULL,
	`fromStatus` text,
	`toStatus` text NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_status_changes_version` ON `job_status_changes` (`version`);--> statement-breakpoint
CREATE INDEX `job_status_changes_job` ON `job_status_changes` (`jobCardId`);