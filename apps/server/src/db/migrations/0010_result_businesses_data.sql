-- Moves the results stored before 0009 (each point holding whole copies of its businesses)
-- into rank_map_businesses (each business once per analysis, first seen at the lowest point
-- index) and the points' [ref, position] lists. The key is the one the server computes:
-- the place id, or '~' || name || '|' || address when the provider gave none.
INSERT INTO "rank_map_businesses" ("rank_map_id", "ref", "key", "business")
SELECT "rank_map_id", (row_number() OVER (PARTITION BY "rank_map_id" ORDER BY "first_point", "first_ord", "key"))::int - 1, "key", "business"
FROM (
	SELECT DISTINCT ON (r."rank_map_id", k."key") r."rank_map_id", k."key", r."point_index" AS "first_point", e."ord" AS "first_ord", (e."item" - 'position' - 'isAd') AS "business"
	FROM "rank_results" r
	CROSS JOIN LATERAL (
		SELECT o."item", o."ord" FROM jsonb_array_elements(r."organic") WITH ORDINALITY AS o("item", "ord")
		UNION ALL
		SELECT a."item", 1000 + a."ord" FROM jsonb_array_elements(r."ads") WITH ORDINALITY AS a("item", "ord")
	) e
	CROSS JOIN LATERAL (
		SELECT CASE WHEN coalesce(e."item"->>'placeId', '') <> '' THEN e."item"->>'placeId' ELSE '~' || coalesce(e."item"->>'name', '') || '|' || coalesce(e."item"->>'address', '') END AS "key"
	) k
	ORDER BY r."rank_map_id", k."key", r."point_index", e."ord"
) s;
--> statement-breakpoint
UPDATE "rank_results" r SET
	"organic_refs" = coalesce((
		SELECT jsonb_agg(jsonb_build_array(b."ref", (o."item"->>'position')::int) ORDER BY o."ord")
		FROM jsonb_array_elements(r."organic") WITH ORDINALITY AS o("item", "ord")
		JOIN "rank_map_businesses" b ON b."rank_map_id" = r."rank_map_id"
			AND b."key" = CASE WHEN coalesce(o."item"->>'placeId', '') <> '' THEN o."item"->>'placeId' ELSE '~' || coalesce(o."item"->>'name', '') || '|' || coalesce(o."item"->>'address', '') END
	), '[]'::jsonb),
	"ad_refs" = coalesce((
		SELECT jsonb_agg(jsonb_build_array(b."ref", (a."item"->>'position')::int) ORDER BY a."ord")
		FROM jsonb_array_elements(r."ads") WITH ORDINALITY AS a("item", "ord")
		JOIN "rank_map_businesses" b ON b."rank_map_id" = r."rank_map_id"
			AND b."key" = CASE WHEN coalesce(a."item"->>'placeId', '') <> '' THEN a."item"->>'placeId' ELSE '~' || coalesce(a."item"->>'name', '') || '|' || coalesce(a."item"->>'address', '') END
	), '[]'::jsonb);
