CREATE TABLE "ai_visibility_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"engines" jsonb NOT NULL,
	"grid" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"samples" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"total_calls" integer NOT NULL,
	"failed_calls" integer DEFAULT 0 NOT NULL,
	"credits_reserved" integer DEFAULT 0 NOT NULL,
	"credits_refunded" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"vendor_cost_usd" double precision DEFAULT 0 NOT NULL,
	"metrics" jsonb,
	"job_id" uuid,
	"run_token" uuid,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_visibility_answers" (
	"analysis_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"point_index" integer NOT NULL,
	"sample" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"named" boolean DEFAULT false NOT NULL,
	"match_rule" text,
	"position" integer,
	"businesses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_visibility_analyses" ADD CONSTRAINT "ai_visibility_analyses_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_visibility_analyses" ADD CONSTRAINT "ai_visibility_analyses_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_visibility_analyses" ADD CONSTRAINT "ai_visibility_analyses_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_visibility_answers" ADD CONSTRAINT "ai_visibility_answers_analysis_id_ai_visibility_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."ai_visibility_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_visibility_analyses_keyword_created_idx" ON "ai_visibility_analyses" USING btree ("keyword_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_visibility_analyses_status_heartbeat_idx" ON "ai_visibility_analyses" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "ai_visibility_analyses_user_idx" ON "ai_visibility_analyses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_visibility_answers_key" ON "ai_visibility_answers" USING btree ("analysis_id","engine","point_index","sample");--> statement-breakpoint
CREATE INDEX "ai_visibility_answers_failed_idx" ON "ai_visibility_answers" USING btree ("analysis_id") WHERE "ai_visibility_answers"."status" = 'failed';