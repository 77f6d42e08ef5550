import type { Language } from './constants.ts';
import { isMessageKey, type MessageKey, translate } from './messages.ts';

/** A schema issue as zod reports it (code, its own message, and the code's fields), path left aside. */
export interface ValidationIssue {
  readonly code: string;
  readonly message: string;
}

/** The code's own fields (minimum, origin, values, format …), read loosely: zod's issue union has no index. */
type IssueFields = ValidationIssue & Readonly<Record<string, unknown>>;

const FORMAT_KEYS: Record<string, MessageKey> = {
  email: 'validation.email',
  url: 'validation.url',
  datetime: 'validation.datetime',
  date: 'validation.date',
  uuid: 'validation.uuid',
  guid: 'validation.uuid',
};

const TYPE_KEYS: Record<string, MessageKey> = {
  string: 'validation.type.string',
  number: 'validation.type.number',
  int: 'validation.type.int',
  boolean: 'validation.type.boolean',
  array: 'validation.type.array',
  object: 'validation.type.object',
  date: 'validation.type.date',
};

/** The reason a value was refused, in the caller's language, from the issue's code and fields. */
export function describeIssue(lang: Language, given: ValidationIssue): string {
  const issue = given as IssueFields;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  // A schema that names its own reason does so with a catalogue key (and its values in `params`).
  if (isMessageKey(issue.message)) return t(issue.message, stringParams(issue.params));
  switch (issue.code) {
    case 'invalid_type': {
      // zod says "received undefined" for a missing field; it keeps no input unless asked to.
      if (/received undefined/.test(issue.message)) return t('validation.required');
      const typeKey = TYPE_KEYS[String(issue.expected)];
      return typeKey ? t('validation.expected', { expected: t(typeKey) }) : t('validation.invalid');
    }
    case 'invalid_value':
      return Array.isArray(issue.values)
        ? t('validation.oneOf', { values: issue.values.map((v) => JSON.stringify(v)).join(', ') })
        : t('validation.invalid');
    case 'too_small':
      return bound(lang, issue, 'minimum');
    case 'too_big':
      return bound(lang, issue, 'maximum');
    case 'not_multiple_of':
      return t('validation.multipleOf', { divisor: String(issue.divisor) });
    case 'invalid_format':
      return t(FORMAT_KEYS[String(issue.format)] ?? 'validation.format');
    case 'unrecognized_keys':
      return t('validation.unknownKeys', { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' });
    default:
      return t('validation.invalid');
  }
}

function bound(lang: Language, issue: IssueFields, side: 'minimum' | 'maximum'): string {
  const value = issue[side];
  const limit = typeof value === 'bigint' || typeof value === 'number' ? String(value) : '';
  const inclusive = issue.inclusive !== false;
  const params = { [side]: limit };
  const low = side === 'minimum';
  switch (issue.origin) {
    case 'string':
      if (issue.exact === true) return translate(lang, 'validation.stringLength', { minimum: limit });
      return translate(lang, low ? 'validation.stringMin' : 'validation.stringMax', params);
    case 'array':
    case 'set':
      return translate(lang, low ? 'validation.itemsMin' : 'validation.itemsMax', params);
    case 'number':
    case 'int':
    case 'bigint':
      if (low)
        return translate(lang, inclusive ? 'validation.numberMin' : 'validation.numberMinExclusive', params);
      return translate(lang, inclusive ? 'validation.numberMax' : 'validation.numberMaxExclusive', params);
    default:
      return translate(lang, 'validation.invalid');
  }
}

function stringParams(params: unknown): Record<string, string | number> {
  if (typeof params !== 'object' || params === null) return {};
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  return out;
}
