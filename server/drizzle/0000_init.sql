CREATE TABLE `applied_mutations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`userId` text NOT NULL,
	`status` text NOT NULL,
	`httpStatus` integer NOT NULL,
	`message` text,
	`result` text,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_version` ON `categories` (`version`);--> statement-breakpoint
CREATE TABLE `company` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`footer` text DEFAULT '' NOT NULL,
	`logoUrl` text DEFAULT '' NOT NULL,
	`taxRatePercent` real DEFAULT 0 NOT NULL,
	`pricesIncludeTax` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `company_version` ON `company` (`version`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`customerName` text NOT NULL,
	`contactPerson` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`isGuest` integer DEFAULT false NOT NULL,
	`customerType` text DEFAULT 'regular' NOT NULL,
	`vehicles` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `customers_version` ON `customers` (`version`);--> statement-breakpoint
CREATE TABLE `items` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`itemName` text NOT NULL,
	`barcode` text NOT NULL,
	`categoryId` text,
	`unitPriceCents` integer DEFAULT 0 NOT NULL,
	`costPriceCents` integer DEFAULT 0 NOT NULL,
	`stockQuantity` real DEFAULT 0 NOT NULL,
	`reorderLevel` integer DEFAULT 0 NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`isService` integer DEFAULT false NOT NULL,
	`warrantyMonths` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `items_version` ON `items` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `items_barcode_live` ON `items` (`barcode`) WHERE deleted = 0;--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`serviceId` text,
	`name` text NOT NULL,
	`priceCents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `services_version` ON `services` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `services_service_id` ON `services` (`serviceId`);--> statement-breakpoint
CREATE TABLE `tokens` (
	`tokenHash` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`createdAt` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`revokedAt` text
);
--> statement-breakpoint
CREATE INDEX `tokens_user` ON `tokens` (`userId`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phoneNo` text DEFAULT '' NOT NULL,
	`username` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	`status` integer DEFAULT false NOT NULL,
	`passwordHash` text NOT NULL,
	`createdAt` text NOT NULL,
	`updatedAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);