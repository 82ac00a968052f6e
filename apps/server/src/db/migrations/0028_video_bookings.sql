CREATE TABLE "video_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"topic" text,
	"user_time_zone" text NOT NULL,
	"meeting_url" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_bookings" ADD CONSTRAINT "video_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_bookings_slot_key" ON "video_bookings" USING btree ("starts_at") WHERE "video_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "video_bookings_user_idx" ON "video_bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "video_bookings_reminder_idx" ON "video_bookings" USING btree ("starts_at") WHERE "video_bookings"."cancelled_at" is null and "video_bookings"."reminder_sent_at" is null;