CREATE TABLE "listing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue" text NOT NULL,
	"quote" text NOT NULL,
	"base" text NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"notice_url" text NOT NULL,
	"notice_title" text NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"deposit_at" timestamp with time zone,
	"sell_at" timestamp with time zone,
	"trading_at" timestamp with time zone,
	"networks" text[] DEFAULT '{}'::text[] NOT NULL,
	"postponed" boolean DEFAULT false NOT NULL,
	"deposit_opened_at" timestamp with time zone,
	"trading_started_at" timestamp with time zone,
	"peak_premium" jsonb,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "listing_events_market_key" UNIQUE("source_mode","venue","quote","base"),
	CONSTRAINT "listing_events_type_check" CHECK ("listing_events"."type" in ('default', 'global_simultaneous', 'first_domestic'))
);
--> statement-breakpoint
CREATE TABLE "listing_invites" (
	"code" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"note" text,
	"used_by" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_invites" ADD CONSTRAINT "listing_invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_settings" ADD CONSTRAINT "listing_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_announced_idx" ON "listing_events" USING btree ("source_mode","announced_at");