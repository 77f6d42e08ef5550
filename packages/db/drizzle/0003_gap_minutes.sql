CREATE TABLE "gap_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"first_id" integer NOT NULL,
	"second_id" integer NOT NULL,
	CONSTRAINT "gap_minutes_pkey" PRIMARY KEY("first_id","second_id","minute")
);
--> statement-breakpoint
ALTER TABLE "gap_minutes" ADD CONSTRAINT "gap_minutes_first_id_instruments_id_fk" FOREIGN KEY ("first_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gap_minutes" ADD CONSTRAINT "gap_minutes_second_id_instruments_id_fk" FOREIGN KEY ("second_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gap_minutes_minute_brin" ON "gap_minutes" USING brin ("minute");