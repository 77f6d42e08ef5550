import { ENGLISH_PREFIX } from '@spreadscope/core';

/**
 * Whether a page path that core's route table accepts names a real page: /token/{id} (and its margin-borrow
 * view) exist only for a token the product knows, so an unknown one gets the 404 status with the app shell,
 * like any other unknown page. Other paths are left to the route table.
 */
export function tokenPageExists(path: string, knows: (id: string) => boolean): boolean {
  let segments = path.split('/').filter((s) => s !== '');
  if (segments[0]?.toLowerCase() === ENGLISH_PREFIX.slice(1)) segments = segments.slice(1);
  if (segments[0]?.toLowerCase() !== 'token' || segments.length < 2) return true;
  let id: string;
  try {
    id = decodeURIComponent(segments[1] ?? '');
  } catch {
    return false;
  }
  return /^[A-Za-z0-9]{1,20}$/.test(id) && knows(id);
}
