CREATE TABLE "dex_candle_rollups" (
	"pool_id" text NOT NULL,
	"width_ms" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"open_key" bigint NOT NULL,
	"close_key" bigint NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_candle_rollups_pkey" PRIMARY KEY("pool_id","source_mode","width_ms","bucket")
);
