import { describe, expect, it } from 'vitest';
import { ALERT_PRESETS } from './alert-presets.ts';
import { alertFormSchema, alertRuleIssues } from './alert-rules.ts';
import { alertInputSchema } from './alerts.ts';

const NOW = Date.UTC(2026, 10, 25);

describe('alert form rules', () => {
  it('every preset is a valid rule once a channel is chosen', () => {
    for (const preset of ALERT_PRESETS) {
      const input = alertInputSchema.parse({ ...preset.draft, channels: { email: true } });
      expect(alertRuleIssues(input, { now: NOW }), preset.id).toEqual([]);
    }
  });

  it('the form schema reports each broken rule at its field with its catalogue key', () => {
    const schema = alertFormSchema(() => ({ now: NOW, notificationPermission: 'denied' }));
    const result = schema.safeParse({ channels: { toast: true } });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['name', 'alert.nameRequired'],
      ['message', 'alert.messageRequired'],
      ['strategy', 'alert.strategyRequired'],
      ['dataType', 'alert.dataTypeRequired'],
      ['condition', 'alert.conditionRequired'],
      ['threshold', 'alert.thresholdRequired'],
      ['frequency', 'alert.triggerRequired'],
      ['expiresAt', 'alert.expiryRequired'],
      ['channels.toast', 'alert.notificationPermission'],
    ]);
  });

  it('on iOS outside the installed app, toast asks for the home screen', () => {
    const input = alertInputSchema.parse({ ...ALERT_PRESETS[0]?.draft, channels: { toast: true } });
    expect(alertRuleIssues(input, { now: NOW, iosNotInstalled: true })).toEqual([
      { field: 'channels.toast', key: 'alert.iosInstall' },
    ]);
    expect(alertRuleIssues(input, { now: NOW, notificationPermission: 'granted' })).toEqual([]);
  });

  it('funding gap needs every exchange perpetual and the perp-perp market type', () => {
    const base = {
      ...ALERT_PRESETS[0]?.draft,
      strategy: 'premium-funding-gap',
      dataType: 'funding-gap-percent',
      channels: { email: true },
    };
    const spot = alertInputSchema.parse({
      ...base,
      exchanges: ['binance', 'bybit'],
      premiumType: 'spot-spot',
    });
    expect(alertRuleIssues(spot, { now: NOW }).map((i) => i.key)).toEqual(['alert.fundingGapPerpOnly']);
    const perp = alertInputSchema.parse({
      ...base,
      exchanges: ['binance', 'bybit'],
      premiumType: 'perp-perp',
    });
    expect(alertRuleIssues(perp, { now: NOW })).toEqual([]);
  });
});
