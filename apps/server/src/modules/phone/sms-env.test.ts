import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { smsProviderFromConfig } from './phone-module.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;

describe('SMS configuration', () => {
  it('simulates by default and uses Twilio once its account is configured', () => {
    expect(smsProviderFromConfig(loadConfig({})).name).toBe('simulated');
    const twilio = loadConfig({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15551234567',
    });
    expect(smsProviderFromConfig(twilio).name).toBe('twilio');
    expect(twilio.TWILIO_API_URL).toBe('https://api.twilio.com');
    const forcedOff = loadConfig({
      SMS_PROVIDER: 'simulated',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15551234567',
    });
    expect(smsProviderFromConfig(forcedOff).name).toBe('simulated');
  });

  it('stops the server at start, naming the variable, when Twilio is chosen without what it needs', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM/,
    );
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(/needs TWILIO_AUTH_TOKEN, TWILIO_FROM/);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'token' })).toThrow(
      /TWILIO_AUTH_TOKEN set without TWILIO_ACCOUNT_SID/,
    );
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'nexmo' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '010-1234-5678' }),
    ).toThrow(/TWILIO_FROM/);
  });
});
