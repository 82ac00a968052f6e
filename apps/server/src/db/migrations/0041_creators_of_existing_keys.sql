-- Keys and webhooks made before teams were made by the workspace's owner, whose id the
-- workspace has (0038): they are that person's.
UPDATE "api_keys" SET "created_by" = "user_id" WHERE "created_by" IS NULL AND EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "api_keys"."user_id");
--> statement-breakpoint
UPDATE "webhook_endpoints" SET "created_by" = "user_id" WHERE "created_by" IS NULL AND EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "webhook_endpoints"."user_id");
