-- The DEX candle roll-ups (0019) from the minutes already stored, so charts of pools indexed before the
-- roll-ups existed keep their history. Widths as in dex-candle-store.ts: 5 min, 15 min, 1 h, 1 d.
INSERT INTO "dex_candle_rollups" ("pool_id", "source_mode", "width_ms", "bucket", "open", "high", "low", "close", "volume", "open_key", "close_key")
SELECT m."pool_id", m."source_mode", w.width_ms, date_bin(w.width_ms * interval '1 millisecond', m."minute", timestamptz 'epoch'),
  (array_agg(m."open" ORDER BY m."open_key"))[1], max(m."high"), min(m."low"),
  (array_agg(m."close" ORDER BY m."close_key" DESC))[1], sum(m."volume"), min(m."open_key"), max(m."close_key")
FROM "dex_candle_minutes" m
CROSS JOIN (VALUES (300000), (900000), (3600000), (86400000)) AS w(width_ms)
GROUP BY m."pool_id", m."source_mode", w.width_ms, date_bin(w.width_ms * interval '1 millisecond', m."minute", timestamptz 'epoch')
ON CONFLICT DO NOTHING;
