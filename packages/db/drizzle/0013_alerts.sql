CREATE TABLE "alert_history" (
	"id" text PRIMARY KEY NOT NULL,
	"alert_id" text,
	"user_id" text NOT NULL,
	"alert_name" text NOT NULL,
	"seq" integer NOT NULL,
	"watch_key" text NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"pair" text NOT NULL,
	"data_type" text NOT NULL,
	"condition" text NOT NULL,
	"threshold" double precision NOT NULL,
	"value" double precision NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"notification" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "alert_history_alert_id_seq_key" UNIQUE("alert_id","seq"),
	CONSTRAINT "alert_history_status_check" CHECK ("alert_history"."status" in ('pending', 'enqueued'))
);
--> statement-breakpoint
CREATE TABLE "alert_state" (
	"alert_id" text NOT NULL,
	"watch_key" text NOT NULL,
	"armed" boolean NOT NULL,
	"sign" smallint DEFAULT 0 NOT NULL,
	"since" double precision DEFAULT 0 NOT NULL,
	"last" double precision,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_state_pkey" PRIMARY KEY("alert_id","watch_key"),
	CONSTRAINT "alert_state_sign_check" CHECK ("alert_state"."sign" in (-1, 0, 1))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_triggered_at" timestamp with time zone,
	"trigger_count" integer DEFAULT 0 NOT NULL,
	"fire_seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_history" ADD CONSTRAINT "alert_history_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_history" ADD CONSTRAINT "alert_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_state" ADD CONSTRAINT "alert_state_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_history_user_fired_idx" ON "alert_history" USING btree ("user_id","fired_at");--> statement-breakpoint
CREATE INDEX "alert_history_pending_idx" ON "alert_history" USING btree ("status") WHERE "alert_history"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "alerts_user_id_idx" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_updated_at_idx" ON "alerts" USING btree ("updated_at");