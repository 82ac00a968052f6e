CREATE TABLE "report_brands" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"accent" text DEFAULT '#2563eb' NOT NULL,
	"contact" text,
	"footer" text,
	"logo" text,
	"logo_key" text,
	"hide_powered_by" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_brands" ADD CONSTRAINT "report_brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_brands_logo_key_key" ON "report_brands" USING btree ("logo_key");