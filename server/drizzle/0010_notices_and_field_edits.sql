CREATE TABLE `field_edits` (
	`tableName` text NOT NULL,
	`rowId` text NOT NULL,
	`field` text NOT NULL,
	`at` text NOT NULL,
	`receivedAt` text NOT NULL,
	`mutationId` text NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	PRIMARY KEY(`tableName`, `rowId`, `field`)
);
--> statement-breakpoint
CREATE TABLE `notices` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`userId` text NOT NULL,
	`message` text NOT NULL,
	`recordTable` text NOT NULL,
	`recordId` text NOT NULL,
	`createdAt` text NOT NULL,
	`dismissed` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notices_version` ON `notices` (`version`);