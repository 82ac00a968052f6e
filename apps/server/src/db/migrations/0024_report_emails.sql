CREATE TABLE "mail_attachments" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"state_changed_at" timestamp with time zone,
	"state_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"place_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"month_day" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"round" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"recipients" integer DEFAULT 0 NOT NULL,
	"share_link_id" text,
	"pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipients_place_email_key" ON "report_recipients" USING btree ("place_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipients_token_key" ON "report_recipients" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "report_recipients_email_idx" ON "report_recipients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "report_schedules_mode_idx" ON "report_schedules" USING btree ("mode");--> statement-breakpoint
CREATE UNIQUE INDEX "report_sends_place_round_key" ON "report_sends" USING btree ("place_id","round");