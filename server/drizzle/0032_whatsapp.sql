CREATE TABLE `whatsapp_log` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`customerId` text NOT NULL,
	`plate` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`refId` text NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`at` text NOT NULL,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `whatsapp_log_version` ON `whatsapp_log` (`version`);--> statement-breakpoint
CREATE INDEX `whatsapp_log_ref` ON `whatsapp_log` (`refId`);--> statement-breakpoint
CREATE INDEX `whatsapp_log_customer` ON `whatsapp_log` (`customerId`);--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappReminderEn` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappReminderSi` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappReminderTa` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappDeclinedEn` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappDeclinedSi` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappDeclinedTa` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappEstimateEn` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappEstimateSi` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company` ADD `whatsappEstimateTa` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `noReminders` integer DEFAULT false NOT NULL;