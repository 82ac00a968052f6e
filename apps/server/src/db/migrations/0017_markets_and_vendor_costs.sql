ALTER TABLE "places" ALTER COLUMN "country_code" SET DEFAULT 'ES';--> statement-breakpoint
ALTER TABLE "places" ALTER COLUMN "country_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "search_language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "cid" text;--> statement-breakpoint
ALTER TABLE "rank_maps" ADD COLUMN "vendor_cost_usd" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_maps" ADD COLUMN "vendor_queue" text;--> statement-breakpoint
ALTER TABLE "rank_results" ADD COLUMN "cost_usd" double precision DEFAULT 0 NOT NULL;