CREATE TABLE "vendor_tasks" (
	"rank_map_id" uuid NOT NULL,
	"point_index" integer NOT NULL,
	"tag" text NOT NULL,
	"task_id" text,
	"state" text DEFAULT 'posting' NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "vendor_tasks_rank_map_id_point_index_pk" PRIMARY KEY("rank_map_id","point_index")
);
--> statement-breakpoint
ALTER TABLE "rank_maps" ADD COLUMN "vendor_wait_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_tasks" ADD CONSTRAINT "vendor_tasks_rank_map_id_rank_maps_id_fk" FOREIGN KEY ("rank_map_id") REFERENCES "public"."rank_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_tasks_tag_key" ON "vendor_tasks" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "vendor_tasks_task_id_idx" ON "vendor_tasks" USING btree ("task_id");