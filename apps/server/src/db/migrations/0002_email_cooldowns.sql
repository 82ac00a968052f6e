CREATE TABLE "email_cooldowns" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
