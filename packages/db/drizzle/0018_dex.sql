CREATE TABLE "dex_blocks" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_blocks_pkey" PRIMARY KEY("chain","source_mode","block_number")
);
--> statement-breakpoint
CREATE TABLE "dex_candle_minutes" (
	"pool_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"open_key" bigint NOT NULL,
	"close_key" bigint NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_candle_minutes_pkey" PRIMARY KEY("pool_id","source_mode","minute")
);
--> statement-breakpoint
CREATE TABLE "dex_cursors" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_cursors_pkey" PRIMARY KEY("chain","source_mode")
);
--> statement-breakpoint
CREATE TABLE "dex_liquidity" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"pool_id" text NOT NULL,
	"block_hash" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"assets" text[] NOT NULL,
	"quantities" double precision[] NOT NULL,
	"maker" text,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_liquidity_pkey" PRIMARY KEY("chain","source_mode","block_number","log_index"),
	CONSTRAINT "dex_liquidity_type_check" CHECK ("dex_liquidity"."type" in ('add', 'remove'))
);
--> statement-breakpoint
CREATE TABLE "dex_pools" (
	"pool_id" text NOT NULL,
	"venue" text NOT NULL,
	"chain" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"base_token" text,
	"quote_token" text,
	"base_decimals" integer NOT NULL,
	"quote_decimals" integer NOT NULL,
	"base_is_token0" boolean NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_pools_pkey" PRIMARY KEY("pool_id","source_mode")
);
--> statement-breakpoint
CREATE TABLE "dex_trades" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"pool_id" text NOT NULL,
	"block_hash" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"base_quantity" double precision NOT NULL,
	"quote_quantity" double precision NOT NULL,
	"price" double precision NOT NULL,
	"side" text NOT NULL,
	"maker" text,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "dex_trades_pkey" PRIMARY KEY("chain","source_mode","block_number","log_index"),
	CONSTRAINT "dex_trades_side_check" CHECK ("dex_trades"."side" in ('buy', 'sell'))
);
--> statement-breakpoint
CREATE INDEX "dex_liquidity_pool_date_idx" ON "dex_liquidity" USING btree ("source_mode","pool_id","date");--> statement-breakpoint
CREATE INDEX "dex_trades_pool_date_idx" ON "dex_trades" USING btree ("source_mode","pool_id","date");