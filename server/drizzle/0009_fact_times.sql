ALTER TABLE `invoices` ADD `receivedAt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `clockAheadMs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `job_status_changes` ADD `receivedAt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `job_status_changes` ADD `clockAheadMs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `receivedAt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `clockAheadMs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `receivedAt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `clockAheadMs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows from before carry the server's arrival time as their time: it is also when they were received.
UPDATE `invoices` SET `receivedAt` = `createdAt`;--> statement-breakpoint
UPDATE `job_status_changes` SET `receivedAt` = `at`;--> statement-breakpoint
UPDATE `payments` SET `receivedAt` = `createdAt`;--> statement-breakpoint
UPDATE `stock_movements` SET `receivedAt` = `createdAt`;
