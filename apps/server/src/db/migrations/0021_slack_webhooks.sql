CREATE TABLE "notification_place_slack" (
	"place_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"slack_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "last_status_code" integer;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "slack_url" text;--> statement-breakpoint
ALTER TABLE "notification_place_slack" ADD CONSTRAINT "notification_place_slack_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_place_slack" ADD CONSTRAINT "notification_place_slack_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;