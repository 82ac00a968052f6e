-- Counts the tallies of every completed analysis's businesses, as the server does when an
-- analysis completes (rank-results.repository.ts countTallies): at each valid point a
-- business's best organic position from 1 to 20, then over the analysis how many points it
-- was found at, their sum and how many fell in 1–3, 4–10 and 11–20. A business never found
-- keeps a null tally (found nowhere).
UPDATE "rank_map_businesses" b SET "tally" = t."tally"
FROM (
	SELECT "rank_map_id", "ref", jsonb_build_object(
		'found', count(*)::int,
		'sum', sum("pos")::int,
		'top3', (count(*) FILTER (WHERE "pos" <= 3))::int,
		'top10', (count(*) FILTER (WHERE "pos" BETWEEN 4 AND 10))::int,
		'top20', (count(*) FILTER (WHERE "pos" >= 11))::int
	) AS "tally"
	FROM (
		SELECT r."rank_map_id", r."point_index", (e."pair"->>0)::int AS "ref", min((e."pair"->>1)::int) AS "pos"
		FROM "rank_results" r
		JOIN "rank_maps" m ON m."id" = r."rank_map_id" AND m."status" = 'completed'
		CROSS JOIN jsonb_array_elements(r."organic_refs") AS e("pair")
		WHERE r."status" = 'ok' AND (e."pair"->>1)::int BETWEEN 1 AND 20
		GROUP BY 1, 2, 3
	) best
	GROUP BY 1, 2
) t
WHERE b."rank_map_id" = t."rank_map_id" AND b."ref" = t."ref";
--> statement-breakpoint
UPDATE "rank_maps" SET "tallies_counted" = true WHERE "status" = 'completed';
