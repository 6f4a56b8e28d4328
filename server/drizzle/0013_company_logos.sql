CREATE TABLE `company_logos` (
	`id` text PRIMARY KEY NOT NULL,
	`dataUrl` text NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
-- A logo saved inside the company record moves to its own row; the record names it by path, at a new
-- version, so every device pulls the small record again.
INSERT INTO `company_logos` (`id`, `dataUrl`, `createdAt`) SELECT 'saved-before-0013', `logoUrl`, `updatedAt` FROM `company` WHERE `logoUrl` LIKE 'data:%';--> statement-breakpoint
UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'version' AND EXISTS (SELECT 1 FROM `company` WHERE `logoUrl` LIKE 'data:%');--> statement-breakpoint
INSERT INTO `version_log` (`version`, `nonce`, `mutationId`) SELECT `value`, lower(hex(randomblob(8))), 'migration-0013' FROM `counters` WHERE `name` = 'version' AND EXISTS (SELECT 1 FROM `company` WHERE `logoUrl` LIKE 'data:%');--> statement-breakpoint
UPDATE `company` SET `logoUrl` = '/api/company/logo/saved-before-0013', `version` = (SELECT `value` FROM `counters` WHERE `name` = 'version') WHERE `logoUrl` LIKE 'data:%';
