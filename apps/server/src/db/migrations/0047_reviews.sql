CREATE TABLE "review_syncs" (
	"place_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"location" text NOT NULL,
	"high_water" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"state" text DEFAULT 'idle' NOT NULL,
	"message" text,
	"last_synced_at" timestamp with time zone,
	"last_calls" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"location" text NOT NULL,
	"google_name" text NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"reviewer_name" text,
	"reviewer_photo_url" text,
	"reviewer_anonymous" boolean DEFAULT false NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"reply_comment" text,
	"reply_updated_at" timestamp with time zone,
	"reply_state" text,
	"reply_policy_violation" text,
	"reply_url" text,
	"demo" boolean DEFAULT false NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_pending" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_syncs" ADD CONSTRAINT "review_syncs_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_syncs" ADD CONSTRAINT "review_syncs_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_templates" ADD CONSTRAINT "review_templates_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_templates_user_idx" ON "review_templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_google_name_key" ON "reviews" USING btree ("place_id","google_name");--> statement-breakpoint
CREATE INDEX "reviews_place_created_idx" ON "reviews" USING btree ("place_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_event_pending_idx" ON "reviews" USING btree ("place_id") WHERE "reviews"."event_pending";--> statement-breakpoint
CREATE INDEX "reviews_place_unanswered_idx" ON "reviews" USING btree ("place_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."reply_comment" is null;