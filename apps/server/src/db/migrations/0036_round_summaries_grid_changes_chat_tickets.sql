ALTER TABLE "keyword_figures" ADD COLUMN "grid_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "round_scan_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "ticket_reference" text;