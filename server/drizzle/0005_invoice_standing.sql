ALTER TABLE `invoices` ADD `paidCents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `dueCents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `status` text DEFAULT 'Due' NOT NULL;--> statement-breakpoint
CREATE INDEX `invoices_status_date` ON `invoices` (`status`,`date`);--> statement-breakpoint
ALTER TABLE `payments` ADD `bulkId` text;--> statement-breakpoint
CREATE INDEX `payments_bulk` ON `payments` (`bulkId`);--> statement-breakpoint
UPDATE `invoices` SET `paidCents` = (SELECT COALESCE(SUM(`amountCents`), 0) FROM `payments` WHERE `payments`.`invoiceId` = `invoices`.`id`);--> statement-breakpoint
UPDATE `invoices` SET `dueCents` = CASE WHEN `totalCents` > `paidCents` THEN `totalCents` - `paidCents` ELSE 0 END, `status` = CASE WHEN `totalCents` > `paidCents` THEN 'Due' ELSE 'Paid' END;
