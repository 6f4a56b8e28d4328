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
CREATE INDEX `canned_jobs_version` ON `canned_jobs` (`version`);