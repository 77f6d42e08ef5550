/**
 * What the browser's build gets for `react` (vite.config.ts aliases it here): Preact's compatibility layer, plus
 * the React 19 hooks it lacks that a dependency imports.
 */
// preact/compat's types declare `export =`, which `export *` cannot name; the module itself is plain ESM.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * The router imports it, but calls the setter only on a router made with `useTransitions: true`, which this app
 * never does; without a pending transition the optimistic state is the state passed in. A setter call would
 * mean the router started depending on it: fail loudly rather than drop the update.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [
    state,
    () => {
      throw new Error('useOptimistic updates are not supported on this renderer');
    },
  ];
}
