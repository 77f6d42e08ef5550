CREATE TABLE "listing_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	"key" text NOT NULL,
	"venue" text NOT NULL,
	"quote" text NOT NULL,
	"base" text NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"listed_at" timestamp with time zone,
	"deposit_amount" double precision,
	"deposit_krw" double precision,
	"listing_price" double precision,
	"high_24h" double precision,
	"low_24h" double precision,
	"peak_premium" jsonb,
	"market_cap_change_24h_pct" double precision,
	"posts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_cases_key" UNIQUE("source_mode","key"),
	CONSTRAINT "listing_cases_origin_check" CHECK ("listing_cases"."origin" in ('recorded', 'imported'))
);
--> statement-breakpoint
CREATE INDEX "listing_cases_announced_idx" ON "listing_cases" USING btree ("source_mode","announced_at");