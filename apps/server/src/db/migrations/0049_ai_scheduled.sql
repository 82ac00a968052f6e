CREATE TABLE "ai_vendor_tasks" (
	"analysis_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"point_index" integer NOT NULL,
	"sample" integer NOT NULL,
	"tag" text NOT NULL,
	"task_id" text,
	"state" text DEFAULT 'posting' NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "ai_vendor_tasks_analysis_id_engine_point_index_sample_pk" PRIMARY KEY("analysis_id","engine","point_index","sample")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ai" jsonb;--> statement-breakpoint
ALTER TABLE "ai_visibility_analyses" ADD COLUMN "campaign_round_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_visibility_analyses" ADD COLUMN "vendor_wait_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_vendor_tasks" ADD CONSTRAINT "ai_vendor_tasks_analysis_id_ai_visibility_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."ai_visibility_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_vendor_tasks_tag_key" ON "ai_vendor_tasks" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "ai_vendor_tasks_task_id_idx" ON "ai_vendor_tasks" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "ai_visibility_analyses" ADD CONSTRAINT "ai_visibility_analyses_campaign_round_id_campaign_rounds_id_fk" FOREIGN KEY ("campaign_round_id") REFERENCES "public"."campaign_rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_visibility_analyses_round_key" ON "ai_visibility_analyses" USING btree ("keyword_id","campaign_round_id");