CREATE TABLE "campaign_keywords" (
	"campaign_id" uuid NOT NULL,
	"keyword_id" uuid NOT NULL,
	CONSTRAINT "campaign_keywords_campaign_id_keyword_id_pk" PRIMARY KEY("campaign_id","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"place_id" uuid,
	"name" text,
	"frequency" text NOT NULL,
	"day" integer,
	"run_on" text,
	"hour" integer NOT NULL,
	"week_parity" integer DEFAULT 0 NOT NULL,
	"window_start" integer,
	"window_end" integer,
	"active" boolean DEFAULT true NOT NULL,
	"paused_reason" text,
	"paused_at" timestamp with time zone,
	"schedule_default" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rank_maps" ADD COLUMN "campaign_round_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_keywords" ADD CONSTRAINT "campaign_keywords_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_keywords" ADD CONSTRAINT "campaign_keywords_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rounds" ADD CONSTRAINT "campaign_rounds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rounds" ADD CONSTRAINT "campaign_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_keywords_keyword_idx" ON "campaign_keywords" USING btree ("keyword_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_rounds_slot_key" ON "campaign_rounds" USING btree ("campaign_id","slot");--> statement-breakpoint
CREATE INDEX "campaign_rounds_campaign_idx" ON "campaign_rounds" USING btree ("campaign_id","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_place_key" ON "campaigns" USING btree ("place_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_user_name_key" ON "campaigns" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaigns_user_idx" ON "campaigns" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_active_idx" ON "campaigns" USING btree ("active") WHERE "campaigns"."active";--> statement-breakpoint
ALTER TABLE "rank_maps" ADD CONSTRAINT "rank_maps_campaign_round_id_campaign_rounds_id_fk" FOREIGN KEY ("campaign_round_id") REFERENCES "public"."campaign_rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_maps_keyword_campaign_round_key" ON "rank_maps" USING btree ("keyword_id","campaign_round_id");--> statement-breakpoint
CREATE INDEX "rank_maps_campaign_round_idx" ON "rank_maps" USING btree ("campaign_round_id");--> statement-breakpoint
-- Hand-written (docs/decisions.md §25.3): each place's weekly scan becomes its campaign, with the
-- same day, hour, on/off and default flag; its past weekly scans become the campaign's rounds.
INSERT INTO "campaigns" ("user_id", "place_id", "frequency", "day", "hour", "active", "schedule_default", "created_at")
SELECT "user_id", "id", 'weekly', "rank_day", "rank_hour", "weekly_scans", "schedule_default", "created_at" FROM "places";--> statement-breakpoint
INSERT INTO "campaign_rounds" ("campaign_id", "user_id", "slot", "scheduled_for", "created_at")
SELECT c."id", c."user_id", r."weekly_slot", min(coalesce(r."scheduled_for", r."created_at")), min(r."created_at")
FROM "rank_maps" r JOIN "campaigns" c ON c."place_id" = r."place_id"
WHERE r."kind" = 'weekly' AND r."weekly_slot" IS NOT NULL
GROUP BY c."id", c."user_id", r."weekly_slot";--> statement-breakpoint
UPDATE "rank_maps" r SET "campaign_round_id" = cr."id"
FROM "campaigns" c, "campaign_rounds" cr
WHERE c."place_id" = r."place_id" AND cr."campaign_id" = c."id" AND cr."slot" = r."weekly_slot" AND r."kind" = 'weekly';--> statement-breakpoint
ALTER TABLE "places" DROP COLUMN "weekly_scans";--> statement-breakpoint
ALTER TABLE "places" DROP COLUMN "rank_day";--> statement-breakpoint
ALTER TABLE "places" DROP COLUMN "rank_hour";--> statement-breakpoint
ALTER TABLE "places" DROP COLUMN "schedule_default";