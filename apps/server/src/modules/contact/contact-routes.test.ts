import { createContactRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '../../test-support/smtp-inbox.ts';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and checked by the assertions
type Loose = Record<string, any>;

const OPERATOR = 'desk@operator.test';
let addressCounter = 0;
/** A client address of its own per test, so the per-address limit of one test never touches another. */
const freshIp = () => `10.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

forEachDatabase('contact form (POST /api/v1/contact)', (getDb) => {
  let server: TestServer;
  let inbox: SmtpInbox;
  let mailer: Mailer;
  const warnings: string[] = [];
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Spreadscope <no-reply@spreadscope.test>',
      outboxDir: '',
      log: { warn: () => {} },
    });
    server = await startTestServer({
      database: getDb(),
      contact: { mailer, to: OPERATOR, perHour: 3, log: { warn: (line) => warnings.push(line) } },
    });
  });
  afterAll(async () => {
    await server.close();
    mailer.close();
    await inbox.close();
  });

  const post = async (body: unknown, language: 'ko' | 'en', ip = freshIp()) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress: ip,
      headers: { 'accept-language': language, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() as Loose, headers: response.headers };
  };

  it('answers every rule of spec §5 with its message, naming the field, in Korean and English', async () => {
    const cases: [unknown, string, { ko: string; en: string }][] = [
      [
        { inquiry: 'hello' },
        'email',
        { ko: '올바른 이메일 주소를 입력해 주세요.', en: 'Please enter a valid email address.' },
      ],
      [
        { email: 'kim@example', inquiry: 'hello' },
        'email',
        { ko: '올바른 이메일 주소를 입력해 주세요.', en: 'Please enter a valid email address.' },
      ],
      [
        { email: 'kim@example.com' },
        'inquiry',
        { ko: '문의 내용을 입력해 주세요', en: 'Please enter your inquiry' },
      ],
      [
        { email: 'kim@example.com', inquiry: '  \n ' },
        'inquiry',
        { ko: '문의 내용을 입력해 주세요', en: 'Please enter your inquiry' },
      ],
      [
        { email: 'kim@example.com', telegram: 'a b', inquiry: 'hello' },
        'telegram',
        {
          ko: '텔레그램 사용자명을 입력해 주세요. 예: @spreadscope (영문·숫자·_ 5~32자)',
          en: 'Enter a Telegram username such as @spreadscope (5–32 letters, digits or _).',
        },
      ],
      [
        { email: 'kim@example.com', inquiry: 'x'.repeat(5_001) },
        'inquiry',
        {
          ko: '문의 내용이 너무 깁니다(5000자 이하).',
          en: 'Your inquiry is too long (at most 5000 characters).',
        },
      ],
    ];
    const ip = freshIp();
    for (const [body, field, messages] of cases) {
      for (const language of ['ko', 'en'] as const) {
        const answer = await post(body, language, ip);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body).toEqual({ error: `invalid_${field}`, message: messages[language], param: field });
      }
    }
    // Refused forms do not use up the address's inquiries.
    expect((await post({ email: 'kim@example.com', inquiry: 'hello' }, 'en', ip)).status).toBe(201);
  });

  it('stores the inquiry and mails it to the operator, a reply going to the sender', async () => {
    const answer = await post(
      {
        email: ' Lee@Example.com ',
        telegram: '@lee_trader',
        inquiry: '파트너십 문의드립니다.\nAPI 요금이 궁금합니다.',
      },
      'ko',
    );
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const mail = inbox.last(OPERATOR);
    expect(mail.raw).toMatch(/^Reply-To: lee@example\.com/im);
    expect(mail.text).toContain('파트너십 문의드립니다.\nAPI 요금이 궁금합니다.');
    expect(mail.text).toContain('Telegram: @lee_trader');
    const [stored] = (await createContactRepository(getDb()).list(50)).filter((i) => i.id === answer.body.id);
    expect(stored).toMatchObject({
      email: 'lee@example.com',
      telegram: 'lee_trader',
      inquiry: '파트너십 문의드립니다.\nAPI 요금이 궁금합니다.',
      language: 'ko',
    });
    expect(stored?.mailedAt).not.toBeNull();
  });

  it('keeps the inquiry when the mail server refuses it, and says so in the log only', async () => {
    inbox.refuseNext();
    const answer = await post({ email: 'park@example.com', inquiry: 'still kept' }, 'en');
    expect(answer.status).toBe(201);
    const [stored] = (await createContactRepository(getDb()).list(50)).filter((i) => i.id === answer.body.id);
    expect(stored).toMatchObject({ inquiry: 'still kept', mailedAt: null });
    expect(warnings.some((w) => w.includes(answer.body.id) && !w.includes('park@'))).toBe(true);
  });

  it('limits inquiries per address with 429, a message in the language and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await post({ email: 'choi@example.com', inquiry: `no. ${i}` }, 'ko', ip)).status).toBe(201);
    }
    const ko = await post({ email: 'choi@example.com', inquiry: 'one more' }, 'ko', ip);
    expect(ko.status).toBe(429);
    expect(ko.body).toEqual({
      error: 'contact_rate_limited',
      message: '이 주소에서 보낸 문의가 너무 많습니다. 60분 후 다시 시도해 주세요.',
    });
    expect(Number(ko.headers['retry-after'])).toBeGreaterThan(3_000);
    const en = await post({ email: 'choi@example.com', inquiry: 'one more' }, 'en', ip);
    expect(en.body.message).toBe('Too many inquiries from your address. Please try again in 60 min.');
    // Another address is not held back.
    expect((await post({ email: 'choi@example.com', inquiry: 'other' }, 'en')).status).toBe(201);
  });

  it('refuses a form posted from another site', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress: freshIp(),
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', inquiry: 'x' }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('tells the web app who runs the site', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/front/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ operator: { name: 'Spreadscope', about: null } });
  });
});
