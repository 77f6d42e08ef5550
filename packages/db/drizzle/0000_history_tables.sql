CREATE TABLE "forex_minutes" (
	"pair" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	CONSTRAINT "forex_minutes_pkey" PRIMARY KEY("pair","minute")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue" text NOT NULL,
	"market" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	CONSTRAINT "instruments_venue_market_base_quote_key" UNIQUE("venue","market","base","quote"),
	CONSTRAINT "instruments_market_check" CHECK ("instruments"."market" in ('spot', 'perp'))
);
--> statement-breakpoint
CREATE TABLE "price_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume_24h" double precision,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "price_minutes_pkey" PRIMARY KEY("instrument_id","minute")
);
--> statement-breakpoint
ALTER TABLE "price_minutes" ADD CONSTRAINT "price_minutes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forex_minutes_minute_brin" ON "forex_minutes" USING brin ("minute");--> statement-breakpoint
CREATE INDEX "price_minutes_minute_brin" ON "price_minutes" USING brin ("minute");