CREATE TABLE "listing_deposit_blocks" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "listing_deposit_blocks_pkey" PRIMARY KEY("chain","block_number")
);
--> statement-breakpoint
CREATE TABLE "listing_deposit_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"contract" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"venue" text NOT NULL,
	"wallet_kind" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_deposits_chain_tx_log_key" UNIQUE("chain","transaction_hash","log_index"),
	CONSTRAINT "listing_deposits_wallet_kind_check" CHECK ("listing_deposits"."wallet_kind" in ('hot', 'cold', 'deposit'))
);
--> statement-breakpoint
CREATE INDEX "listing_deposits_chain_block_idx" ON "listing_deposits" USING btree ("chain","block_number");--> statement-breakpoint
CREATE INDEX "listing_deposits_venue_date_idx" ON "listing_deposits" USING btree ("venue","date");