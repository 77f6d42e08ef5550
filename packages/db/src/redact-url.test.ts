import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides the password and keeps what helps debugging', () => {
    const shown = redactUrl('postgres://app:hunter2@db.internal:6543/spreadscope?sslmode=require');
    expect(shown).not.toContain('hunter2');
    expect(shown).toBe('postgres://app:***@db.internal:6543/spreadscope?sslmode=require');
  });

  it('hides passwords passed as query parameters', () => {
    expect(redactUrl('postgres://db/x?password=hunter2&sslpassword=pw')).not.toMatch(/hunter2|=pw/);
  });

  it('leaves a password-less URL alone', () => {
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });

  it('withholds what it cannot parse', () => {
    expect(redactUrl('not a url with hunter2')).not.toContain('hunter2');
  });
});
