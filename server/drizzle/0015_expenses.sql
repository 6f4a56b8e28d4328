CREATE TABLE `expenses` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`date` text NOT NULL,
	`category` text NOT NULL,
	`amountCents` integer NOT NULL,
	`paidFrom` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`correctionOf` text,
	`register` text DEFAULT '' NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `expenses_version` ON `expenses` (`version`);--> statement-breakpoint
CREATE INDEX `expenses_date` ON `expenses` (`date`);--> statement-breakpoint
CREATE INDEX `expenses_correction` ON `expenses` (`correctionOf`);