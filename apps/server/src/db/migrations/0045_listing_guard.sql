CREATE TABLE "listing_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"source" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"rank_map_id" uuid,
	"demo" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_listing_fields" (
	"place_id" uuid NOT NULL,
	"source" text NOT NULL,
	"field" text NOT NULL,
	"value" text,
	"seen_at" timestamp with time zone NOT NULL,
	"rank_map_id" uuid,
	CONSTRAINT "place_listing_fields_place_id_source_field_pk" PRIMARY KEY("place_id","source","field")
);
--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_rank_map_id_rank_maps_id_fk" FOREIGN KEY ("rank_map_id") REFERENCES "public"."rank_maps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_listing_fields" ADD CONSTRAINT "place_listing_fields_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_changes_dedupe_key" ON "listing_changes" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "listing_changes_place_seen_idx" ON "listing_changes" USING btree ("place_id","seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_changes_rank_map_idx" ON "listing_changes" USING btree ("rank_map_id");