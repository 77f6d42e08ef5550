/**
 * The information pages (/partnership, /contact-us, /about-datamaxi, /about-bisonai, /promotion), the site
 * footer, the contact form, the help panel and the cookie consent dialog. Paragraphs are separated by blank
 * lines.
 */
export const siteEn = {
  site: {
    footer: {
      label: 'Site',
      product: 'Product',
      company: 'Company',
      legal: 'Legal',
      aboutProduct: 'About Spreadscope',
      aboutOperator: 'About the operator',
      partnership: 'Partnership',
      contact: 'Contact us',
      promotion: 'Launch offer',
      pricing: 'Pricing',
      api: 'API',
      dataset: 'Dataset',
      terms: 'Terms of use',
      privacy: 'Privacy policy',
      cookies: 'Cookie settings',
      runBy: 'Run by {{name}}',
      registration: 'Business registration no. {{number}}',
      notAdvice: 'Information only, not investment advice.',
    },
    partnership: {
      title: 'Partnership',
      lead: 'Exchanges, data vendors, communities and builders: work with us on Korean market data.',
      kinds: {
        exchange: {
          title: 'Exchanges',
          body: 'List your markets next to Upbit and Bithumb in the premium and arbitrage tables, with deposit and withdrawal status and fees kept current.',
        },
        community: {
          title: 'Communities and channels',
          body: 'VIP partner coupons give your members free months of a paid plan. Referral links credit both sides.',
        },
        data: {
          title: 'Data and API',
          body: 'Premiums, funding rates, order-book depth and wallet status through the REST and WebSocket API, with volume pricing for partners.',
        },
        media: {
          title: 'Media and research',
          body: 'Kimchi premium index and history for your articles and reports, with attribution.',
        },
      },
      how: 'Tell us who you are and what you have in mind through the form below; the operator answers by email (or Telegram if you leave a handle).',
    },
    contactPage: {
      title: 'Contact us',
      lead: 'Questions about data, plans, the API or a partnership: send them here and the operator answers by email.',
      channels: 'Other ways to reach us',
      email: 'Email',
      telegram: 'Telegram channel',
      kakao: 'KakaoTalk channel',
    },
    contactForm: {
      title: 'Send an inquiry',
      email: 'Email',
      emailHint: 'We answer to this address.',
      telegram: 'Telegram username (optional)',
      telegramPlaceholder: '@username',
      inquiry: 'Inquiry',
      inquiryPlaceholder: 'What can we help you with?',
      submit: 'Send',
      sending: 'Sending…',
      sent: 'Thank you. Your inquiry was received; we will reply to {{email}}.',
      another: 'Send another inquiry',
      privacyNote: 'We use your email and Telegram username only to answer you. See the privacy policy.',
    },
    aboutProduct: {
      title: 'About Spreadscope',
      lead: 'Spreadscope shows crypto traders the price gaps between exchanges as they happen, Korean exchanges first.',
      sections: {
        what: {
          title: 'What it shows',
          body: 'The Kimchi premium of every token listed on Upbit or Bithumb against the global exchanges, spot and perpetual arbitrage gaps, funding rates and funding gaps, deposit and withdrawal status by network, exchange announcements and listing events, and margin borrowing rates.\n\nEvery figure is computed live from the exchanges’ own feeds, converted at the rate you choose (forex or USDT), and marked stale the moment a venue stops answering.',
        },
        who: {
          title: 'Who it is for',
          body: 'Retail and professional traders who act on gaps between markets, investors who watch Korean demand, and developers who want the same numbers through an API.',
        },
        open: {
          title: 'Open source',
          body: 'Spreadscope is open-source software under the MIT licence. Anyone may run an installation; the one you are using is run by the operator named on the operator page.',
        },
        coverage: {
          title: 'Coverage',
          body: '{{venues}} exchanges, centralised and decentralised, with every market they list against KRW, USDT, USDC and BTC.',
        },
      },
    },
    aboutOperator: {
      title: 'About {{name}}',
      lead: 'This Spreadscope installation is run by {{name}}.',
      defaultBody:
        'The operator installs and runs this website: they keep it online, answer inquiries, handle accounts and payments, and are the party the terms of use and the privacy policy speak for.\n\nSpreadscope itself is open-source software; its authors do not run this website and do not see its data.',
      details: 'Operator details',
      name: 'Name',
      website: 'Website',
      email: 'Email',
      address: 'Address',
      registration: 'Business registration',
      contact: 'Contact the operator',
    },
    promotion: {
      title: 'Launch offer',
      lead: 'Try every paid feature free, then keep the launch price.',
      trial: {
        title: '{{days}}-day free trial',
        body: 'Every paid plan starts with {{days}} days free. Cancel before the trial ends and nothing is charged.',
      },
      earlyBird: {
        title: 'Early bird: {{percent}}% off',
        body: 'Subscribe while the offer runs and pay {{percent}}% less.',
        until: 'Until {{date}}.',
      },
      referral: {
        title: 'Invite a friend, both get {{months}} month(s) free',
        body: 'Share your referral link from My page. When a friend subscribes, you and the friend each receive a coupon for {{months}} free month(s).',
      },
      coverage: {
        title: '20+ exchanges, 7,000+ tokens',
        body: 'Over 200,000 combinations of exchanges, markets and tokens, computed live.',
      },
      ctaPricing: 'See plans and prices',
      ctaReferrals: 'Get my referral link',
      terms: 'The offers follow the plans and prices in force on the pricing page, and the terms of use.',
      loading: 'Loading the current offer…',
    },
    help: {
      open: 'Help and chat',
      title: 'Help',
      close: 'Close help',
      faqTitle: 'Frequently asked',
      faq: {
        premium: {
          q: 'What is the Kimchi premium?',
          a: 'How much more (or less) a token costs on a Korean exchange in KRW than on a global exchange, after converting at the chosen rate. A negative premium is a discount (역프).',
        },
        base: {
          q: 'Forex or USDT: which conversion should I use?',
          a: 'Forex uses the bank USD/KRW rate; USDT uses the price of Tether on the Korean exchange. The two can give gaps of opposite sign, so the base is always shown next to a premium.',
        },
        simulated: {
          q: 'Why does the page say "simulated"?',
          a: 'When no live exchange answers (or the operator chose so), prices come from the built-in simulator or a recording. A banner says so on every screen; such prices are not for trading.',
        },
        plans: {
          q: 'What do the paid plans add?',
          a: 'Starter adds listing arbitrage and up to 10 alerts, Pro adds DEX data and Pro+ the REST and WebSocket API. The pricing page has the full comparison.',
        },
        alerts: {
          q: 'How do alerts reach me?',
          a: 'By Telegram, a browser notification or email, as you choose for each alert.',
        },
      },
      contactTitle: 'Still need help?',
      contactForm: 'Send an inquiry',
      telegram: 'Chat on Telegram',
      kakao: 'Chat on KakaoTalk',
    },
    consent: {
      title: 'Cookies and storage',
      body: 'We use essential storage to run the site. With your consent we also remember your display choices and pins on this device, and would measure or personalise the site. Choose what to allow; you can change it any time from "Cookie settings" at the bottom of every page.',
      acceptAll: 'Accept all',
      rejectAll: 'Essential only',
      customize: 'Choose',
      save: 'Save my choices',
      close: 'Close',
      always: 'Always on',
      categories: {
        essential: {
          title: 'Essential',
          body: 'Sign-in session, security checks and this consent choice. The site does not work without them.',
        },
        functionality: {
          title: 'Functionality',
          body: 'Remembers your language, currency, theme, update interval, column choices and pinned rows on this device, and lets alerts reach you as browser notifications.',
        },
        performance: {
          title: 'Performance',
          body: 'Measures how the site is used and how fast it loads, to improve it. This installation runs no such measurement today; your choice applies if the operator adds it.',
        },
        targeting: {
          title: 'Targeting',
          body: 'Shows offers based on your interests. This installation runs no advertising or tracking today; your choice applies if the operator adds it.',
        },
      },
    },
  },
};

export type SiteCatalogue = typeof siteEn;
