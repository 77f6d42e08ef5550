CREATE TABLE "liquidation_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"long_usd" double precision NOT NULL,
	"short_usd" double precision NOT NULL,
	"long_count" integer NOT NULL,
	"short_count" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "liquidation_minutes_pkey" PRIMARY KEY("instrument_id","source_mode","minute")
);
--> statement-breakpoint
CREATE TABLE "liquidations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"price" double precision NOT NULL,
	"size" double precision NOT NULL,
	"value_usd" double precision,
	"instrument_id" integer NOT NULL,
	"side" text NOT NULL,
	"source_mode" "source_mode" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "margin_borrow_rates" (
	"venue" text NOT NULL,
	"asset" text NOT NULL,
	"margin_type" text NOT NULL,
	"pair" text DEFAULT '' NOT NULL,
	"vip_level" text NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	"hourly_rate" double precision NOT NULL,
	"daily_rate" double precision NOT NULL,
	"annual_rate" double precision NOT NULL,
	"borrow_limit" double precision,
	"borrowable" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "margin_borrow_rates_pkey" PRIMARY KEY("source_mode","asset","venue","margin_type","pair","vip_level"),
	CONSTRAINT "margin_borrow_rates_rate_check" CHECK ("margin_borrow_rates"."hourly_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "open_interest_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"open_interest" double precision NOT NULL,
	"open_interest_usd" double precision,
	"instrument_id" integer NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "open_interest_minutes_pkey" PRIMARY KEY("instrument_id","source_mode","minute")
);
--> statement-breakpoint
ALTER TABLE "liquidation_minutes" ADD CONSTRAINT "liquidation_minutes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidations" ADD CONSTRAINT "liquidations_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_interest_minutes" ADD CONSTRAINT "open_interest_minutes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liquidation_minutes_minute_brin" ON "liquidation_minutes" USING brin ("minute");--> statement-breakpoint
CREATE INDEX "liquidations_mode_at_idx" ON "liquidations" USING btree ("source_mode","at");--> statement-breakpoint
CREATE INDEX "liquidations_instrument_at_idx" ON "liquidations" USING btree ("instrument_id","source_mode","at");--> statement-breakpoint
CREATE INDEX "open_interest_minutes_minute_brin" ON "open_interest_minutes" USING brin ("minute");