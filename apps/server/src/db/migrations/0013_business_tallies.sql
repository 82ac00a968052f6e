ALTER TABLE "rank_map_businesses" ADD COLUMN "tally" jsonb;--> statement-breakpoint
ALTER TABLE "rank_maps" ADD COLUMN "tallies_counted" boolean DEFAULT false NOT NULL;