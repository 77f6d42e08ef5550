/**
 * Cookie and storage consent (spec §2 "cookie consent dialog", §9 four categories). Essential storage needs
 * no consent; the other three are off until the visitor turns them on. The choice itself is essential: it
 * is what lets the dialog stay away on the next visit.
 */
export const CONSENT_KEY = 'spreadscope.consent.v1';

export const CONSENT_CATEGORIES = ['essential', 'functionality', 'performance', 'targeting'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type OptionalCategory = Exclude<ConsentCategory, 'essential'>;
export const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = ['functionality', 'performance', 'targeting'];

export interface Consent {
  readonly functionality: boolean;
  readonly performance: boolean;
  readonly targeting: boolean;
  /** Epoch ms of the choice. */
  readonly decidedAt: number;
}

export const ESSENTIAL_ONLY = { functionality: false, performance: false, targeting: false } as const;
export const ALL_ALLOWED = { functionality: true, performance: true, targeting: true } as const;

/** The stored choice, or null when there is none (or it cannot be read): the dialog asks again. */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.decidedAt !== 'number') return null;
    return {
      functionality: value.functionality === true,
      performance: value.performance === true,
      targeting: value.targeting === true,
      decidedAt: value.decidedAt,
    };
  } catch {
    return null;
  }
}

export function allows(consent: Consent | null, category: ConsentCategory): boolean {
  return category === 'essential' || (consent?.[category] ?? false);
}
