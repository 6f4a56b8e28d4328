CREATE TABLE `credit_note_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`creditNoteId` text NOT NULL,
	`invoiceId` text NOT NULL,
	`invoiceLineId` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`refId` text,
	`name` text NOT NULL,
	`quantityHundredths` integer NOT NULL,
	`unitPriceCents` integer NOT NULL,
	`discountPercent` real DEFAULT 0 NOT NULL,
	`totalCents` integer NOT NULL,
	`taxCents` integer NOT NULL,
	`disposition` text,
	`supplierName` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_note_lines_version` ON `credit_note_lines` (`version`);--> statement-breakpoint
CREATE INDEX `credit_note_lines_credit_note` ON `credit_note_lines` (`creditNoteId`);--> statement-breakpoint
CREATE INDEX `credit_note_lines_invoice` ON `credit_note_lines` (`invoiceId`);--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`creditNoteNo` text NOT NULL,
	`invoiceId` text NOT NULL,
	`invoiceNo` text NOT NULL,
	`customerId` text,
	`customerName` text DEFAULT '' NOT NULL,
	`date` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`subTotalCents` integer NOT NULL,
	`taxCents` integer NOT NULL,
	`totalCents` integer NOT NULL,
	`reducedDueCents` integer NOT NULL,
	`refundCents` integer NOT NULL,
	`refundMethod` text NOT NULL,
	`refundPaymentId` text,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL,
	`reviewState` text DEFAULT '' NOT NULL,
	`reviewReason` text DEFAULT '' NOT NULL,
	`reviewedById` text,
	`reviewedBy` text DEFAULT '' NOT NULL,
	`reviewedAt` text,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_notes_version` ON `credit_notes` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number` ON `credit_notes` (`creditNoteNo`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice` ON `credit_notes` (`invoiceId`);--> statement-breakpoint
CREATE INDEX `credit_notes_date` ON `credit_notes` (`date`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `returnedCents` integer DEFAULT 0 NOT NULL;