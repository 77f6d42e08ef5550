import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';
import { users } from './schema.ts';
import { forEachDatabase } from './test-databases.ts';

const SECRET = 'private.person@example.com';

forEachDatabase('loggable errors', (getDb) => {
  it('keeps the failed query and the database’s reason, never the bound parameters', async () => {
    let thrown: unknown;
    try {
      // A NUL cannot be stored in PostgreSQL text: the driver fails with the parameters attached.
      await getDb()
        .db.select()
        .from(users)
        .where(eq(users.email, `${SECRET}\u0000`));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    // Without the redaction the address is right there, in the message and in the stack.
    expect(String((thrown as Error).stack)).toContain(SECRET);
    const logged = JSON.stringify(loggableError(thrown));
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain('private.person');
    expect(logged).toContain('Failed query: select');
    expect(logged).toContain('"stack":"    at ');
  });
});

describe('loggableError', () => {
  it('drops the detail PostgreSQL adds and anything not an Error', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: `Key (email)=(${SECRET}) already exists.`,
      },
    );
    const query = Object.assign(new Error(`Failed query: insert …\nparams: ${SECRET}`), {
      query: 'insert into "users" ("email") values ($1)',
      params: [SECRET],
      cause,
    });
    const logged = loggableError(query);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged.cause).toMatchObject({
      code: '23505',
      message: expect.stringContaining('users_email_unique'),
    });
    expect(loggableError(SECRET)).toEqual({ type: 'string', message: 'non-error value thrown' });
  });
});
