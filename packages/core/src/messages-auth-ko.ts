import type { AuthMessageKey } from './messages-auth.ts';

/** The Korean of messages-auth.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const AUTH_MESSAGES_KO: Record<AuthMessageKey, string> = {
  'auth.invalidCredentials': '이메일 또는 비밀번호가 올바르지 않습니다.',
  'auth.userNotFound': '사용자를 찾을 수 없습니다.',
  'auth.invalidToken': '유효하지 않은 토큰입니다.',
  'auth.emailExists': '이미 가입된 이메일입니다.',
  'auth.wrongPassword': '비밀번호가 틀렸습니다.',
  'auth.passwordNotMatched': '비밀번호가 일치하지 않습니다.',
  'auth.accountNotActivated':
    '계정이 활성화되지 않았습니다. 이메일에서 계정을 활성화한 뒤 다시 시도해 주세요.',
  'auth.verificationExpired': '인증 토큰이 만료되었습니다. 새 활성화 메일을 보내드렸습니다.',
  'auth.samePassword': '기존 비밀번호와 같습니다.',
  'auth.emailSendFailed': '이메일 전송에 실패했습니다.',
  'auth.emailNotVerified': '이메일 인증이 완료되지 않았습니다.',
  'auth.googleAccount': 'Google 계정으로 가입하셨습니다.',
  'auth.invalidEmail': '올바른 이메일 주소를 입력해 주세요.',
  'auth.passwordLength': '8자 이상 128자 이하로 입력해 주세요.',
  'auth.passwordNumber': '숫자를 하나 이상 넣어 주세요.',
  'auth.passwordSpecial': '특수문자를 하나 이상 넣어 주세요.',
  'auth.termsRequired': '이용약관과 개인정보 처리방침에 동의해 주세요.',
  'auth.referralValid': '올바른 추천인 코드입니다.',
  'auth.referralInvalid': '유효하지 않은 추천인 코드입니다. 다시 확인해 주세요.',
  'auth.referralSelf': '본인의 추천인 코드는 사용할 수 없습니다.',
  'auth.referralRepeat': '이미 이 추천인 코드로 가입한 적이 있습니다.',
  'auth.displayNameInvalid': '닉네임은 1자 이상 40자 이하로 입력해 주세요.',
  'auth.unauthenticated': '로그인이 필요합니다.',
  'auth.crossSite': '다른 사이트에서 보낸 요청이라 거부했습니다.',
  'auth.googleDisabled': '이 서버에는 Google 로그인이 설정되어 있지 않습니다.',
  'auth.googleFailed': 'Google 로그인을 완료하지 못했습니다. 다시 시도해 주세요.',
  'auth.googleSignupRequired':
    '이 Google 주소로 가입한 계정이 없습니다. 먼저 이용약관과 개인정보 처리방침에 동의하고 가입해 주세요.',
  'auth.verified': '이메일 인증이 완료되었습니다. 이제 로그인할 수 있습니다.',
  'auth.alreadyVerified': '이미 인증된 이메일입니다. 로그인해 주세요.',
  'plan.upgradeRequired':
    '현재 플랜({{plan}})에서는 이용할 수 없습니다. {{required}} 플랜부터 이용할 수 있습니다.',
  'limit.pins': '최대 {{max}}개까지 고정할 수 있습니다.',
  'limit.pinsFree':
    '무료 플랜은 최대 {{max}}개까지 고정할 수 있습니다. 업그레이드하면 {{paidMax}}개까지 고정할 수 있습니다.',
  'limit.ownedTokens': '보유 코인은 최대 {{max}}개까지 등록할 수 있습니다.',
  'limit.filterPresets':
    '필터는 표마다 최대 {{max}}개까지 저장할 수 있습니다. 하나를 지우고 다시 저장해 주세요.',
  'limit.shortcuts': '바로가기는 표마다 최대 {{max}}개까지 둘 수 있습니다.',
  'limit.alerts': '알림은 최대 {{max}}개까지 만들 수 있습니다.',
  'limit.alertsFree':
    '무료 플랜은 알림을 {{max}}개까지 만들 수 있습니다. 업그레이드하면 {{paidMax}}개까지 만들 수 있습니다.',
  'limit.apiKeys': '사용 중인 API 키는 최대 {{max}}개까지 둘 수 있습니다.',
  'apiKey.invalid': '유효하지 않은 API 키입니다.',
  'apiKey.notFound': 'API 키를 찾을 수 없습니다.',
  'apiKey.required': 'API 키가 필요한 요청입니다(X-API-Key 또는 Authorization: Bearer 헤더).',
  'apiKey.nameInvalid': '키 이름은 1자 이상 60자 이하로 입력해 주세요.',
  'mail.verifySubject': 'Spreadscope 계정을 활성화해 주세요',
  'mail.verifyBody':
    '{{name}}님, 안녕하세요.\n\n아래 링크를 열면 Spreadscope 계정이 활성화됩니다.\n{{link}}\n\n링크는 {{hours}}시간 동안 유효합니다. 가입하신 적이 없다면 이 메일은 무시하셔도 됩니다.',
  'mail.resetSubject': 'Spreadscope 비밀번호 재설정',
  'mail.resetBody':
    '{{name}}님, 안녕하세요.\n\n아래 링크에서 새 비밀번호를 정해 주세요.\n{{link}}\n\n링크는 {{minutes}}분 동안 한 번만 쓸 수 있습니다. 요청하신 적이 없다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  'mail.passwordChangedSubject': 'Spreadscope 비밀번호가 변경되었습니다',
  'mail.passwordChangedBody':
    '{{name}}님, 안녕하세요.\n\nSpreadscope 계정의 비밀번호가 변경되어 다른 기기의 로그인이 모두 해제되었습니다. 본인이 변경하지 않았다면 지금 비밀번호를 재설정하세요.\n{{link}}',
};
