CREATE TABLE "wallet_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	"venue" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_changes_kind_check" CHECK ("wallet_changes"."kind" in ('deposit_opened', 'deposit_suspended', 'withdraw_opened', 'withdraw_suspended'))
);
--> statement-breakpoint
CREATE TABLE "wallet_networks" (
	"source_mode" "source_mode" NOT NULL,
	"venue" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"deposit" boolean NOT NULL,
	"withdraw" boolean NOT NULL,
	"delayed" boolean DEFAULT false NOT NULL,
	"confirmations" integer,
	"block_time_sec" double precision,
	"withdraw_fee" double precision,
	"withdraw_min" double precision,
	"contract" text,
	"seen_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone,
	CONSTRAINT "wallet_networks_source_mode_venue_asset_network_pk" PRIMARY KEY("source_mode","venue","asset","network")
);
--> statement-breakpoint
CREATE INDEX "wallet_changes_venue_at_idx" ON "wallet_changes" USING btree ("source_mode","venue","at");--> statement-breakpoint
CREATE INDEX "wallet_changes_asset_at_idx" ON "wallet_changes" USING btree ("source_mode","asset","at");