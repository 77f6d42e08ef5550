import { type DeltaTable, diffTable, isEmptyDelta } from '@spreadscope/contracts';
import { type Frame, frame } from './frame-writer.ts';
import type { Group, GroupState } from './subscription-groups.ts';

/** The snapshot message of a state, serialized and framed once for every member of the group. */
export function snapshotFrame(group: Group<unknown>, state: GroupState): Frame {
  if (state.snapshot) return state.snapshot;
  const built = frame(
    `{"type":"snapshot","topic":${JSON.stringify(group.topic)},"key":${JSON.stringify(group.key)},"seq":${state.seq},"data":${JSON.stringify(state.data)}}`,
  );
  state.snapshot = built;
  group.snapshotBytes = built.payload.length;
  group.snapshotRows = rowCount(state.data);
  return built;
}

/**
 * The delta from the state `base` to `state`, serialized and framed once for every member holding `base`;
 * null when that state is no longer kept or the delta would outweigh a snapshot.
 */
export function deltaFrame(group: Group<unknown>, base: number, state: GroupState): Frame | null {
  const cached = state.deltas.get(base);
  if (cached !== undefined) return cached;
  const from = group.states.find((s) => s.seq === base);
  let built: Frame | null = null;
  if (from) {
    // Even a delta that changes nothing goes out: it tells the member which state it now holds.
    const body = diffTable(from.data as DeltaTable, state.data as DeltaTable);
    const head = `{"type":"delta","topic":${JSON.stringify(group.topic)},"key":${JSON.stringify(group.key)},"seq":${state.seq},"base":${base}`;
    const text = isEmptyDelta(body) ? `${head}}` : `${head},${JSON.stringify(body).slice(1)}`;
    // What a snapshot of this state would weigh, from the last one serialized.
    const snapshotBytes =
      state.snapshot?.payload.length ??
      (group.snapshotBytes * Math.max(1, rowCount(state.data))) / Math.max(1, group.snapshotRows);
    built = frame(text);
    if (built.payload.length >= snapshotBytes) built = null;
  }
  state.deltas.set(base, built);
  return built;
}

function rowCount(data: unknown): number {
  const rows = (data as { data?: unknown } | null)?.data;
  return Array.isArray(rows) ? rows.length : 0;
}
