CREATE TABLE "user_active_places" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"place_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"google_place_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"main_photo" text,
	"lat" double precision,
	"lng" double precision,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"rating" double precision,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"country_code" text,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"service_area" boolean DEFAULT false NOT NULL,
	"matrix_config" jsonb NOT NULL,
	"weekly_scans" boolean DEFAULT true NOT NULL,
	"rank_day" integer DEFAULT 1 NOT NULL,
	"rank_hour" integer DEFAULT 9 NOT NULL,
	"schedule_default" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_active_places" ADD CONSTRAINT "user_active_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_active_places" ADD CONSTRAINT "user_active_places_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "places_user_google_place_key" ON "places" USING btree ("user_id","google_place_id");