-- Which market source produced each history row. Rows written before this migration cannot be told apart
-- (live venues, the simulator and replays all wrote the same way): they become 'untagged', which no read
-- serves and retention ages out; packages/db/README.md shows how an operator who knows adopts them.
-- The column is added with a constant default (no table rewrite), which is then dropped so that a writer
-- that forgets the source fails instead of filing rows nobody reads. Primary keys gain the column: the
-- sources never overwrite each other's minutes.
CREATE TYPE "public"."source_mode" AS ENUM('live', 'simulated', 'replay', 'untagged');--> statement-breakpoint
ALTER TABLE "price_minutes" ADD COLUMN "source_mode" "source_mode" DEFAULT 'untagged' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_minutes" ALTER COLUMN "source_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "price_minutes" DROP CONSTRAINT "price_minutes_pkey";--> statement-breakpoint
ALTER TABLE "price_minutes" ADD CONSTRAINT "price_minutes_pkey" PRIMARY KEY("instrument_id","source_mode","minute");--> statement-breakpoint
ALTER TABLE "forex_minutes" ADD COLUMN "source_mode" "source_mode" DEFAULT 'untagged' NOT NULL;--> statement-breakpoint
ALTER TABLE "forex_minutes" ALTER COLUMN "source_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "forex_minutes" DROP CONSTRAINT "forex_minutes_pkey";--> statement-breakpoint
ALTER TABLE "forex_minutes" ADD CONSTRAINT "forex_minutes_pkey" PRIMARY KEY("pair","source_mode","minute");--> statement-breakpoint
ALTER TABLE "funding_minutes" ADD COLUMN "source_mode" "source_mode" DEFAULT 'untagged' NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_minutes" ALTER COLUMN "source_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "funding_minutes" DROP CONSTRAINT "funding_minutes_pkey";--> statement-breakpoint
ALTER TABLE "funding_minutes" ADD CONSTRAINT "funding_minutes_pkey" PRIMARY KEY("instrument_id","source_mode","minute");--> statement-breakpoint
ALTER TABLE "funding_settlements" ADD COLUMN "source_mode" "source_mode" DEFAULT 'untagged' NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_settlements" ALTER COLUMN "source_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "funding_settlements" DROP CONSTRAINT "funding_settlements_pkey";--> statement-breakpoint
ALTER TABLE "funding_settlements" ADD CONSTRAINT "funding_settlements_pkey" PRIMARY KEY("instrument_id","source_mode","funding_time");--> statement-breakpoint
ALTER TABLE "gap_minutes" ADD COLUMN "source_mode" "source_mode" DEFAULT 'untagged' NOT NULL;--> statement-breakpoint
ALTER TABLE "gap_minutes" ALTER COLUMN "source_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "gap_minutes" DROP CONSTRAINT "gap_minutes_pkey";--> statement-breakpoint
ALTER TABLE "gap_minutes" ADD CONSTRAINT "gap_minutes_pkey" PRIMARY KEY("first_id","second_id","source_mode","minute");--> statement-breakpoint
ALTER TABLE "premium_index_minutes" ADD COLUMN "source_mode" "source_mode" DEFAULT 'untagged' NOT NULL;--> statement-breakpoint
ALTER TABLE "premium_index_minutes" ALTER COLUMN "source_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "premium_index_minutes" DROP CONSTRAINT "premium_index_minutes_pkey";--> statement-breakpoint
ALTER TABLE "premium_index_minutes" ADD CONSTRAINT "premium_index_minutes_pkey" PRIMARY KEY("conversion_base","source_mode","minute");