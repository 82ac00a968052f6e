CREATE TABLE "keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_rate_windows" (
	"provider" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	"last_grant" integer NOT NULL,
	CONSTRAINT "provider_rate_windows_provider_window_start_pk" PRIMARY KEY("provider","window_start")
);
--> statement-breakpoint
CREATE TABLE "rank_maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"max_results" integer DEFAULT 20 NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"scheduled_for" timestamp with time zone,
	"weekly_slot" text,
	"billing" text NOT NULL,
	"provider" text NOT NULL,
	"grid" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"total_points" integer NOT NULL,
	"failed_points" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"credits_refunded" integer DEFAULT 0 NOT NULL,
	"stats" jsonb,
	"competitor_analysis" jsonb,
	"job_id" uuid,
	"run_token" uuid,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_results" (
	"rank_map_id" uuid NOT NULL,
	"point_index" integer NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"status" text NOT NULL,
	"organic" jsonb NOT NULL,
	"ads" jsonb NOT NULL,
	"position" integer,
	"error" text,
	CONSTRAINT "rank_results_rank_map_id_point_index_pk" PRIMARY KEY("rank_map_id","point_index")
);
--> statement-breakpoint
CREATE TABLE "scan_quota_uses" (
	"rank_map_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_maps" ADD CONSTRAINT "rank_maps_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_maps" ADD CONSTRAINT "rank_maps_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_maps" ADD CONSTRAINT "rank_maps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_results" ADD CONSTRAINT "rank_results_rank_map_id_rank_maps_id_fk" FOREIGN KEY ("rank_map_id") REFERENCES "public"."rank_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_quota_uses" ADD CONSTRAINT "scan_quota_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_place_name_key" ON "keywords" USING btree ("place_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "rank_maps_keyword_weekly_slot_key" ON "rank_maps" USING btree ("keyword_id","weekly_slot");--> statement-breakpoint
CREATE INDEX "rank_maps_keyword_created_idx" ON "rank_maps" USING btree ("keyword_id","created_at");--> statement-breakpoint
CREATE INDEX "rank_maps_status_heartbeat_idx" ON "rank_maps" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "scan_quota_uses_user_month_idx" ON "scan_quota_uses" USING btree ("user_id","month");