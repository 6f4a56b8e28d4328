CREATE TABLE `drawer_moves` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`sessionId` text NOT NULL,
	`register` text NOT NULL,
	`kind` text NOT NULL,
	`amountCents` integer NOT NULL,
	`reason` text NOT NULL,
	`userId` text NOT NULL,
	`userName` text NOT NULL,
	`createdAt` text NOT NULL,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `drawer_moves_version` ON `drawer_moves` (`version`);--> statement-breakpoint
CREATE INDEX `drawer_moves_session` ON `drawer_moves` (`sessionId`);--> statement-breakpoint
CREATE TABLE `drawer_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updatedAt` text NOT NULL,
	`register` text NOT NULL,
	`status` text NOT NULL,
	`floatCents` integer NOT NULL,
	`createdAt` text NOT NULL,
	`openedById` text NOT NULL,
	`openedBy` text NOT NULL,
	`closedAt` text,
	`closedById` text,
	`closedBy` text DEFAULT '' NOT NULL,
	`zNumber` text DEFAULT '' NOT NULL,
	`countJson` text DEFAULT '' NOT NULL,
	`countedCents` integer DEFAULT 0 NOT NULL,
	`expectedCents` integer DEFAULT 0 NOT NULL,
	`differenceCents` integer DEFAULT 0 NOT NULL,
	`differenceReason` text DEFAULT '' NOT NULL,
	`takingsJson` text DEFAULT '' NOT NULL,
	`reviewState` text DEFAULT '' NOT NULL,
	`reviewReason` text DEFAULT '' NOT NULL,
	`receivedAt` text DEFAULT '' NOT NULL,
	`clockAheadMs` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `drawer_sessions_version` ON `drawer_sessions` (`version`);--> statement-breakpoint
CREATE INDEX `drawer_sessions_register` ON `drawer_sessions` (`register`,`status`);--> statement-breakpoint
CREATE INDEX `drawer_sessions_z` ON `drawer_sessions` (`zNumber`);--> statement-breakpoint
CREATE INDEX `expenses_register` ON `expenses` (`register`,`createdAt`);--> statement-breakpoint
CREATE INDEX `payments_register` ON `payments` (`register`,`createdAt`);