ALTER TABLE "clients" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "logo_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_logo_key_key" ON "clients" USING btree ("logo_key");