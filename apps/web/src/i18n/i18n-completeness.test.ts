import { SERVER_MESSAGES } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { ko } from './ko.ts';
import { nestMessages } from './server-messages.ts';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
    } else throw new Error(`${path} is neither text nor a group`);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('i18n completeness', () => {
  const koLeaves = leaves(ko as Tree);
  const enLeaves = leaves(en as Tree);

  it('every key exists in both Korean and English', () => {
    const missingInKo = [...enLeaves.keys()].filter((k) => !koLeaves.has(k));
    const missingInEn = [...koLeaves.keys()].filter((k) => !enLeaves.has(k));
    expect({ missingInKo, missingInEn }).toEqual({ missingInKo: [], missingInEn: [] });
  });

  it('no translation is empty', () => {
    const empty = [...koLeaves, ...enLeaves].filter(([, text]) => text.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('both languages use the same interpolation variables', () => {
    const mismatched = [...enLeaves]
      .filter(
        ([key, text]) =>
          JSON.stringify(variables(text)) !== JSON.stringify(variables(koLeaves.get(key) ?? '')),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('the server messages fold into the same keys in both languages', () => {
    const koServer = leaves(nestMessages(SERVER_MESSAGES.ko));
    const enServer = leaves(nestMessages(SERVER_MESSAGES.en));
    expect([...koServer.keys()].sort()).toEqual([...enServer.keys()].sort());
    expect(koServer.get('error.internal')).toBe(SERVER_MESSAGES.ko['error.internal']);
  });
});
