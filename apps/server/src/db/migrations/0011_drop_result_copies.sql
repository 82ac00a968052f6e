ALTER TABLE "rank_results" DROP COLUMN "organic";--> statement-breakpoint
ALTER TABLE "rank_results" DROP COLUMN "ads";