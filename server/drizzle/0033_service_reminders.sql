CREATE TABLE `service_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`customerId` text NOT NULL,
	`vehicleLicensePlate` text NOT NULL,
	`customerName` text NOT NULL,
	`customerPhone` text DEFAULT '' NOT NULL,
	`dueDate` text NOT NULL,
	`services` text NOT NULL,
	`kmPerDay` real NOT NULL,
	`lastVisit` text NOT NULL,
	`lastMileage` integer,
	`remind` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `service_reminders_version` ON `service_reminders` (`version`);--> statement-breakpoint
CREATE INDEX `service_reminders_due` ON `service_reminders` (`dueDate`);--> statement-breakpoint
CREATE INDEX `service_reminders_customer` ON `service_reminders` (`customerId`);--> statement-breakpoint
ALTER TABLE `services` ADD `intervalMonths` integer;--> statement-breakpoint
ALTER TABLE `services` ADD `intervalKm` integer;