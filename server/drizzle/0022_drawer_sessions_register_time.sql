DROP INDEX `drawer_sessions_register`;--> statement-breakpoint
CREATE INDEX `drawer_sessions_register_time` ON `drawer_sessions` (`register`,`createdAt`,`id`);