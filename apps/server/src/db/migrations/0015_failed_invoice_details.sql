ALTER TABLE "payments" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_count" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "emails_undelivered_created_idx" ON "emails" USING btree ("created_at") WHERE "emails"."status" in ('queued', 'sending');