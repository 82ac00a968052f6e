-- Every existing account becomes the owner of a workspace with its own id, so every owned row
-- (whose user_id is that id) is the workspace's from now on, and nothing else changes.
INSERT INTO "workspaces" ("id", "name", "created_at")
SELECT "id", "name", "created_at" FROM "users"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at", "updated_at")
SELECT "id", "id", 'owner', "created_at", "created_at" FROM "users"
ON CONFLICT DO NOTHING;
