CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_figures" (
	"keyword_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"latest_rank_map_id" uuid,
	"geo_rank" double precision,
	"avg_position" double precision,
	"avg_total_position" double precision,
	"local_pack" double precision,
	"geo_rank_change" double precision,
	"avg_position_change" double precision,
	"avg_total_position_change" double precision,
	"local_pack_change" double precision,
	"sparkline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider" text,
	"completed_at" timestamp with time zone,
	"last_state" text,
	"last_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_figures" ADD CONSTRAINT "keyword_figures_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_figures" ADD CONSTRAINT "keyword_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_figures" ADD CONSTRAINT "keyword_figures_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_user_name_key" ON "clients" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "keyword_figures_user_geo_rank_idx" ON "keyword_figures" USING btree ("user_id","geo_rank");--> statement-breakpoint
CREATE INDEX "keyword_figures_user_change_idx" ON "keyword_figures" USING btree ("user_id","geo_rank_change");--> statement-breakpoint
CREATE INDEX "keyword_figures_user_last_idx" ON "keyword_figures" USING btree ("user_id","last_at");--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "places_client_idx" ON "places" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "rank_maps_keyword_active_idx" ON "rank_maps" USING btree ("keyword_id","scheduled_for") WHERE "rank_maps"."status" in ('pending', 'processing');;--> statement-breakpoint
-- Backfill (docs/decisions.md §25.1): every keyword's figures, with the statement
-- keyword-figures.repository.ts runs when one of its analyses completes, fails or is deleted.
insert into keyword_figures as f (
  keyword_id, user_id, place_id, latest_rank_map_id,
  geo_rank, avg_position, avg_total_position, local_pack,
  geo_rank_change, avg_position_change, avg_total_position_change, local_pack_change,
  sparkline, provider, completed_at, last_state, last_at, updated_at
)
select k.id, k.user_id, k.place_id, c1.id,
  (c1.stats->>'geoRank')::float8, (c1.stats->>'avgPosition')::float8,
  (c1.stats->>'avgTotalPosition')::float8, (c1.stats->>'localPackPercentage')::float8,
  (c1.stats->>'geoRank')::float8 - (c2.stats->>'geoRank')::float8,
  (c1.stats->>'avgPosition')::float8 - (c2.stats->>'avgPosition')::float8,
  (c1.stats->>'avgTotalPosition')::float8 - (c2.stats->>'avgTotalPosition')::float8,
  (c1.stats->>'localPackPercentage')::float8 - (c2.stats->>'localPackPercentage')::float8,
  coalesce(spark.points, '[]'::jsonb), c1.provider, c1.completed_at,
  lf.status, coalesce(lf.completed_at, lf.updated_at), now()
from keywords k
left join lateral (
  select m.id, m.stats, m.provider, m.completed_at from rank_maps m
  where m.keyword_id = k.id and m.status = 'completed' and m.stats is not null
  order by m.created_at desc, m.id desc limit 1
) c1 on true
left join lateral (
  select m.stats from rank_maps m
  where m.keyword_id = k.id and m.status = 'completed' and m.stats is not null
  order by m.created_at desc, m.id desc offset 1 limit 1
) c2 on true
left join lateral (
  select jsonb_agg(s.g order by s.created_at, s.id) as points from (
    select (m.stats->>'geoRank')::float8 as g, m.created_at, m.id from rank_maps m
    where m.keyword_id = k.id and m.status = 'completed' and m.stats is not null
    order by m.created_at desc, m.id desc limit 12
  ) s
) spark on true
left join lateral (
  select m.status, m.completed_at, m.updated_at from rank_maps m
  where m.keyword_id = k.id and m.status in ('completed', 'failed')
  order by m.created_at desc, m.id desc limit 1
) lf on true
where true
on conflict (keyword_id) do update set
  place_id = excluded.place_id, latest_rank_map_id = excluded.latest_rank_map_id,
  geo_rank = excluded.geo_rank, avg_position = excluded.avg_position,
  avg_total_position = excluded.avg_total_position, local_pack = excluded.local_pack,
  geo_rank_change = excluded.geo_rank_change, avg_position_change = excluded.avg_position_change,
  avg_total_position_change = excluded.avg_total_position_change, local_pack_change = excluded.local_pack_change,
  sparkline = excluded.sparkline, provider = excluded.provider, completed_at = excluded.completed_at,
  last_state = excluded.last_state, last_at = excluded.last_at, updated_at = excluded.updated_at;
