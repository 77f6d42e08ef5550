import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database holds password hashes and session hashes: no other local user may read it.
 * PGlite's file layer chmods the files it creates to 0666 itself, whatever the umask, so the umask alone
 * does not do: the directory is made 0700 (nobody else can even reach what is inside, new files
 * included) and every file and folder in it loses its group and other bits, at open and at close.
 */
export const OWNER_ONLY_UMASK = 0o077;

export async function restrictToOwner(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(ignoreNotOurs);
  const entries = await readdir(dir, { recursive: true });
  for (const entry of entries) {
    const path = join(dir, entry);
    try {
      const stat = await lstat(path);
      if (stat.isSymbolicLink()) continue;
      const mode = stat.mode & 0o777;
      const wanted = stat.isDirectory() ? 0o700 : mode & 0o600;
      if (mode !== wanted) await chmod(path, wanted).catch(ignoreNotOurs);
    } catch (error) {
      // A file PGlite removed between the listing and here.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * A directory another user owns (a volume mounted with group write access, say) cannot be chmodded by us;
 * whoever owns it decides its modes, and the database still opens.
 */
function ignoreNotOurs(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
}
