CREATE TABLE "mcp_idempotency_keys" (
	"credential" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_idempotency_keys_credential_key_pk" PRIMARY KEY("credential","key")
);
