CREATE TABLE "request_counters" (
	"bucket_hash" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"bucket_hash" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "request_counters_window_idx" ON "request_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_attempt_idx" ON "sign_in_throttles" USING btree ("last_attempt_at");