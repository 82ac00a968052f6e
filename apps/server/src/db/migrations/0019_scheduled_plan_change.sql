ALTER TABLE "subscriptions" ADD COLUMN "scheduled_price_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "schedule_id" text;