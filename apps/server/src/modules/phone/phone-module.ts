import { createPhoneRepository, type Database } from '@spreadscope/db';
import type { PhoneRules } from './phone-rules.ts';
import { PhoneService } from './phone-service.ts';
import { smsProviderOf } from './sms-env.ts';
import { type SmsProvider, simulatedSms } from './sms-provider.ts';
import { twilioSms } from './twilio-sms.ts';

export interface SmsConfig {
  readonly SMS_PROVIDER?: 'twilio' | 'simulated' | undefined;
  readonly TWILIO_ACCOUNT_SID?: string | undefined;
  readonly TWILIO_AUTH_TOKEN?: string | undefined;
  readonly TWILIO_FROM?: string | undefined;
  readonly TWILIO_API_URL: string;
}

/** The configured provider (config.ts has checked that Twilio, when chosen, has everything it needs). */
export function smsProviderFromConfig(config: SmsConfig): SmsProvider {
  if (smsProviderOf(config) === 'simulated') return simulatedSms();
  return twilioSms({
    accountSid: config.TWILIO_ACCOUNT_SID ?? '',
    authToken: config.TWILIO_AUTH_TOKEN ?? '',
    from: config.TWILIO_FROM ?? '',
    apiUrl: config.TWILIO_API_URL,
  });
}

export function createPhoneService(options: {
  database: Database;
  sms: SmsProvider;
  now?: () => number;
  rules?: Partial<PhoneRules>;
  log: { warn(message: string): void };
}): PhoneService {
  return new PhoneService({
    repository: createPhoneRepository(options.database),
    sms: options.sms,
    log: options.log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
  });
}
