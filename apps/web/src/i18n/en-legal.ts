/**
 * The terms of use and the privacy policy (/terms, /privacy). Spreadscope is open-source software that anyone
 * may run; these texts speak for whoever runs an installation (the operator) and say only what the software
 * actually does with data. Paragraphs are separated by blank lines.
 */
export const legalEn = {
  legal: {
    updated: 'Effective {{date}}',
    footerLabel: 'Legal',
    footerTerms: 'Terms',
    footerPrivacy: 'Privacy',
    otherTerms: 'Terms of use',
    otherPrivacy: 'Privacy policy',
    terms: {
      title: 'Terms of use',
      lead: 'These terms apply when you use this Spreadscope installation, with or without an account. Signing up means you accept them.',
      sections: {
        who: {
          title: '1. Who provides this service',
          body: 'Spreadscope is open-source software published under the MIT licence. This website is run by the person or organisation that installed it (the "operator"), not by the authors of the software. The operator is the one you deal with under these terms.',
        },
        advice: {
          title: '2. Information, not investment advice',
          body: 'Prices, premiums, arbitrage gaps, funding rates, deposit and withdrawal states and every other figure shown here are for information only. They come from exchanges and other sources that can be late, incomplete or wrong, and they may be simulated or replayed data (a banner says so when they are).\n\nNothing here recommends buying or selling anything. Crypto-asset prices move fast; fees, transfer times and suspensions can differ from what is shown. Check on the exchange itself before you trade. You trade at your own risk.',
        },
        account: {
          title: '3. Your account',
          body: 'An account keeps your settings, pins and API keys. Use an email address you control, keep your password to yourself, and tell the operator if you think someone else has used your account. One account is for one person.\n\nThe operator may suspend an account that breaks these terms or endangers the service or other users.',
        },
        use: {
          title: '4. Fair use',
          body: 'Do not try to get around sign-in, plan limits or rate limits, to break into the service or other accounts, or to overload it with automated requests. Use the documented API, within its limits, for automated access.',
        },
        service: {
          title: '5. Availability and changes',
          body: 'The service is provided "as is". The operator may change, pause or end it, or any part of it, and does not promise that it will always be available or error-free. Where the operator offers paid plans, their price and conditions are shown before you pay.',
        },
        licence: {
          title: '6. Software and data',
          body: "The software's source code remains available under the MIT licence; these terms do not limit the rights that licence gives you. Market data belongs to the exchanges and providers it comes from and is shown here for your personal use.",
        },
        liability: {
          title: '7. Liability',
          body: 'As far as the law allows, neither the operator nor the authors of the software are liable for trading losses or other damage arising from the use of this service or of the information it shows. Nothing in these terms limits rights that the law does not allow to be limited.',
        },
        changes: {
          title: '8. Changes to these terms',
          body: 'The operator may update these terms. The date at the top shows the version in force; significant changes are announced on the site before they apply. If you do not agree with a change, you can stop using the service.',
        },
        contact: {
          title: '9. Contact',
          body: "Questions about this installation go to its operator, at the contact address they publish. Problems with the software itself can be reported on the project's public issue tracker.",
        },
      },
    },
    privacy: {
      title: 'Privacy policy',
      lead: 'What this Spreadscope installation keeps about you, why, for how long, and what you can ask for. The software sends nothing to its authors.',
      sections: {
        controller: {
          title: '1. Who is responsible',
          body: 'The operator of this installation decides how it is run and is responsible for the personal data it holds. The operator can be reached at the contact address they publish.',
        },
        visitors: {
          title: '2. Without an account',
          body: "You can use the tables without signing up. Your display choices (language, currency, theme, columns) are kept in your own browser's storage, not on the server.\n\nLike any web server, this one sees your IP address with each request; it uses it to limit request rates and may keep it in its operational logs.",
        },
        account: {
          title: '3. With an account',
          body: 'When you sign up, the server stores your email address, display name, a one-way hash of your password (argon2id — never the password itself), your language, when you accepted these terms and this policy, your referral code and who invited you, if anyone. With your account it also keeps your settings, pins and favourite tokens, and the API keys you create (as hashes, with their name and last use).\n\nIf you sign in with Google, Google tells us your email address, name and Google account id; we never see your Google password.',
        },
        cookies: {
          title: '4. Cookies',
          body: 'After you sign in, one essential cookie holds your session (HttpOnly, sent only to this site). The server keeps only a hash of it, with when it was created and last used. There are no advertising, analytics or tracking cookies and no third-party scripts.',
        },
        purpose: {
          title: '5. Why we use it',
          body: 'To run your account: sign-in, activation and password-reset emails, your settings on every device, API access and abuse prevention. Your data is not sold, not used for advertising and not shared, except with the mail server that delivers account emails or where the law requires it.',
        },
        retention: {
          title: '6. How long it is kept',
          body: 'Account data is kept while your account exists. A session ends after 3 days without use and at the latest 30 days after sign-in (the operator may set other limits); activation and reset links expire. Operational logs are kept as long as the operator needs them to run the service safely.',
        },
        rights: {
          title: '7. Your rights',
          body: "You can see and change your display name, password, settings and API keys on your account page. You can ask the operator for a copy of your data, for corrections, or to delete your account and its data, and you have the other rights the law where you live gives you (for example Korea's Personal Information Protection Act or the EU's GDPR).",
        },
        security: {
          title: '8. Security',
          body: 'Passwords and session and API tokens are stored only as hashes, and sign-in attempts are rate-limited. No system is perfectly secure; the operator will tell affected users about a breach as the law requires.',
        },
        changes: {
          title: '9. Changes to this policy',
          body: 'The date at the top shows the version in force. Significant changes are announced on the site before they apply.',
        },
      },
    },
  },
};

export type LegalCatalogue = typeof legalEn;
