CREATE TABLE "rank_map_businesses" (
	"rank_map_id" uuid NOT NULL,
	"ref" integer NOT NULL,
	"key" text NOT NULL,
	"business" jsonb NOT NULL,
	CONSTRAINT "rank_map_businesses_rank_map_id_ref_pk" PRIMARY KEY("rank_map_id","ref")
);
--> statement-breakpoint
ALTER TABLE "rank_results" ADD COLUMN "organic_refs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_results" ADD COLUMN "ad_refs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_map_businesses" ADD CONSTRAINT "rank_map_businesses_rank_map_id_rank_maps_id_fk" FOREIGN KEY ("rank_map_id") REFERENCES "public"."rank_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_map_businesses_key" ON "rank_map_businesses" USING btree ("rank_map_id","key");