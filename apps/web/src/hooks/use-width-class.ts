import type { Width } from '../lib/spread-columns.ts';
import { useMediaQuery } from './use-media-query.ts';

/** The spec §9 breakpoint the screen is at: phone below 700, tablet to 1280, laptop to 1921, desktop beyond. */
export function useWidthClass(): Width {
  const md = useMediaQuery('(min-width: 700px)');
  const lg = useMediaQuery('(min-width: 1280px)');
  const xl = useMediaQuery('(min-width: 1921px)');
  return xl ? 'xl' : lg ? 'lg' : md ? 'md' : 'sm';
}
