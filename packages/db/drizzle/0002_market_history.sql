CREATE TABLE "funding_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"rate" double precision NOT NULL,
	"interval_hours" double precision NOT NULL,
	"next_funding_time" timestamp with time zone,
	"mark_price" double precision,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "funding_minutes_pkey" PRIMARY KEY("instrument_id","minute")
);
--> statement-breakpoint
CREATE TABLE "funding_settlements" (
	"funding_time" timestamp with time zone NOT NULL,
	"rate" double precision NOT NULL,
	"interval_hours" double precision NOT NULL,
	"mark_price" double precision,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "funding_settlements_pkey" PRIMARY KEY("instrument_id","funding_time")
);
--> statement-breakpoint
CREATE TABLE "premium_index_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"btc_premium" double precision,
	"btc_price_krw" double precision,
	"btc_price_usd" double precision,
	"constituents" smallint NOT NULL,
	"conversion_base" text NOT NULL,
	CONSTRAINT "premium_index_minutes_pkey" PRIMARY KEY("conversion_base","minute"),
	CONSTRAINT "premium_index_minutes_base_check" CHECK ("premium_index_minutes"."conversion_base" in ('USD', 'USDT'))
);
--> statement-breakpoint
ALTER TABLE "funding_minutes" ADD CONSTRAINT "funding_minutes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_settlements" ADD CONSTRAINT "funding_settlements_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_minutes_minute_brin" ON "funding_minutes" USING brin ("minute");--> statement-breakpoint
CREATE INDEX "funding_settlements_time_brin" ON "funding_settlements" USING brin ("funding_time");--> statement-breakpoint
CREATE INDEX "premium_index_minutes_minute_brin" ON "premium_index_minutes" USING brin ("minute");