CREATE INDEX `items_stock` ON `items` (`stockHundredths`);--> statement-breakpoint
CREATE INDEX `job_cards_finished` ON `job_cards` (`finishedAt`);