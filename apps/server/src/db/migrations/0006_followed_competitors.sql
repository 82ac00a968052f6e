CREATE TABLE "place_followed_competitors" (
	"place_id" uuid NOT NULL,
	"competitor_place_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_followed_competitors_place_id_competitor_place_id_pk" PRIMARY KEY("place_id","competitor_place_id")
);
--> statement-breakpoint
ALTER TABLE "place_followed_competitors" ADD CONSTRAINT "place_followed_competitors_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;