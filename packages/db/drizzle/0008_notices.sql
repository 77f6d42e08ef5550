CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"url" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"networks" text[] DEFAULT '{}'::text[] NOT NULL,
	"effective_at" timestamp with time zone,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "announcements_url_source_key" UNIQUE("url","source_mode"),
	CONSTRAINT "announcements_category_check" CHECK ("announcements"."category" in ('listing', 'delisting', 'notice', 'user_events'))
);
--> statement-breakpoint
CREATE TABLE "market_cautions" (
	"venue" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"level" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "market_cautions_pkey" PRIMARY KEY("source_mode","venue","base","quote"),
	CONSTRAINT "market_cautions_level_check" CHECK ("market_cautions"."level" in ('caution', 'warning'))
);
--> statement-breakpoint
CREATE TABLE "token_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue" text NOT NULL,
	"market" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"update" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "token_updates_event_key" UNIQUE("venue","market","base","quote","update","at","source_mode"),
	CONSTRAINT "token_updates_update_check" CHECK ("token_updates"."update" in ('listed', 'delisted'))
);
--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("source_mode","published_at");--> statement-breakpoint
CREATE INDEX "announcements_venue_published_idx" ON "announcements" USING btree ("source_mode","venue","published_at");--> statement-breakpoint
CREATE INDEX "announcements_tokens_idx" ON "announcements" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "token_updates_at_idx" ON "token_updates" USING btree ("source_mode","at");