import type { WalletAuthMessages } from './en.js';
import { selectPlural } from './format.js';

/** The Japanese message catalogue (polite form). Japanese has one plural form, `other`. */
export const ja: WalletAuthMessages = {
  locale: 'ja',
  common: {
    processing: 'ウォレットサービスで確認中です。数秒かかることがあります。',
    loading: '読み込み中…',
    retry: 'もう一度試す',
    cancel: 'キャンセル',
    offline: 'オフラインです。接続が戻ったら続けます。',
    thisDevice: 'このデバイス',
    details: '詳細',
    done: '完了',
  },
  credentialTypes: {
    PASSKEY: 'パスキー',
    OAUTH: 'アカウントでログイン',
    EMAIL_OTP: 'メールのコード',
    SMS_OTP: 'SMS のコード',
  },
  otp: {
    codeLabel: '確認コード',
    sendEmail: 'メールでコードを受け取る',
    sendSms: 'SMS でコードを受け取る',
    sending: (destination) => `${destination} にコードを送信しています…`,
    resending: (destination) => `${destination} に新しいコードを送信しています…`,
    enterCode: (length, destination) =>
      `${destination} に送信した ${length} 桁のコードを入力してください。`,
    verifying: 'コードを確認しています…',
    wrongCode: (attemptsLeft) =>
      attemptsLeft === undefined
        ? 'コードが正しくありません。確認してもう一度お試しください。'
        : selectPlural('ja', attemptsLeft, {
            '=1': 'コードが正しくありません。あと 1 回で一時的にロックされます。',
            other: `コードが正しくありません。残り ${attemptsLeft} 回です。`,
          }),
    codeExpired: 'このコードは有効期限が切れました。新しいコードをリクエストしてください。',
    resend: '新しいコードを送信',
    resendIn: (duration) => `${duration}後に新しいコードをリクエストできます。`,
    signedIn: 'ログインしました。',
    useAnotherCode: '別の方法を使う',
    locked: (duration) =>
      `間違ったコードが多すぎます。安全のため、${duration}後にもう一度お試しください。`,
    notChecked:
      '接続が切れたため、コードを確認できませんでした。オンラインに戻りしだい確認します。',
    checkAgain: 'もう一度コードを確認',
  },
  rateLimit: {
    wait: (duration) => `試行回数が多すぎます。${duration}後にもう一度お試しください。`,
    over: 'もう一度お試しいただけます。',
  },
  passkey: {
    signIn: 'パスキーでログイン',
    signInWith: (name) => `パスキー「${name}」でログイン`,
    pending: 'パスキーを待っています…',
    cancelled: 'パスキーの画面が閉じられました。準備ができたらもう一度お試しください。',
    unsupported: 'このブラウザはパスキーに対応していません。別のログイン方法を選んでください。',
    unsupportedAdd: 'このブラウザはパスキーに対応していないため、ここでは追加できません。',
    add: 'パスキーを追加',
    adding: 'パスキーを作成しています…',
    added: 'パスキーを追加しました。',
    defaultNickname: 'パスキー',
    notOnDevice:
      'パスキーは使用されませんでした。パスキーが別のデバイスにある場合はそのデバイスを使うか、別のログイン方法を選んでください。',
    otherAccount:
      'そのパスキーは別のアカウントのものです。このアカウントのパスキーか、別のログイン方法を選んでください。',
    autofillLabel: '保存済みのパスキー',
    autofillHint: 'このサイト用にブラウザが表示するパスキーから選んでください。',
  },
  oauth: {
    continueWith: (provider) => `${provider} で続ける`,
    pending: (provider) => `${provider} を待っています…`,
    cancelled: 'ログイン画面が閉じられました。準備ができたらもう一度お試しください。',
    add: (provider) => `${provider} を連携`,
    redirecting: (provider) => `${provider} に移動しています…`,
  },
  signIn: {
    title: 'ウォレットにログイン',
    signingIn: 'ログインしています…',
    success: 'ログインしました。',
    or: 'または',
    noMethods: 'このアカウントには、このデバイスで使えるログイン方法がありません。',
    expired: 'セッションの有効期限が切れました。続けるにはもう一度ログインしてください。',
    keyMissing:
      'このデバイスのログイン用キーが見つかりません（サイトのデータが消去された可能性があります）。もう一度ログインしてください。',
    revoked: 'このセッションは別のデバイスからログアウトされました。もう一度ログインしてください。',
  },
  session: {
    signOut: 'ログアウト',
    signingOut: 'ログアウトしています…',
    expiresAt: (time) => `有効期限: ${time}`,
    refreshing: 'セッションを更新しています…',
    notKept:
      'このページを閉じるか再読み込みすると、もう一度ログインが必要です。このブラウザはセッションの鍵を保存できません（プライベートブラウズまたはストレージのブロック）。',
    signedOutOffline: (time) =>
      `このデバイスではログアウトしました。オフラインのため、サーバー上のセッションは ${time} まで有効です。`,
  },
  credentials: {
    title: 'ログイン方法',
    empty: 'ログイン方法がありません。',
    added: (date) => `${date} に追加`,
    remove: (name) => `${name} を削除`,
    removing: '削除しています…',
    lastOne: '唯一のログイン方法のため削除できません。先に別の方法を追加してください。',
    inUse: 'このセッションで使用中',
    inUseHint: 'これを削除するには、別の方法でログインしてください。',
  },
  sessions: {
    title: 'ログイン中の場所',
    empty: '有効なセッションはありません。',
    started: (date) => `${date} にログイン`,
    revoke: (name) => `${name} をログアウト`,
    revoking: 'ログアウトしています…',
    revokeOthers: 'ほかのすべてのセッションをログアウト',
    revokedOthers: 'ほかのセッションをログアウトしました。',
    device: (browser, system) => `${system} の ${browser}`,
    unknownBrowser: 'ウェブブラウザ',
    unknownSystem: '不明なシステム',
    otherDevice: 'ほかのデバイスまたはブラウザ',
    earlierSession: 'このブラウザの以前のセッション',
    signedInWith: (method) => `${method} でログイン`,
    lastActive: (date) => `最終利用: ${date}`,
    activeNow: '現在利用中',
    signOutThisDevice: 'このデバイスからログアウト',
  },
  confirm: {
    title: 'セッションキーで確認',
    intro: '次の内容を承認しようとしています:',
    approve: '承認',
    reject: 'キャンセル',
    expiresIn: (duration) => `このリクエストはあと${duration}で期限切れになります。`,
    actions: {
      addCredential: 'ログイン方法の追加',
      removeCredential: 'ログイン方法の削除',
      refreshSession: 'このセッションの更新',
      revokeSession: 'セッションのログアウト',
      exportWallet: 'ウォレットのリカバリーフレーズのエクスポート',
      updatePrivacy: 'ウォレットのプライバシー設定の変更',
      updateContact: 'メールアドレスまたは電話番号の変更',
      transfer: 'ウォレットからの送金',
      unknown: 'ウォレットに対する操作',
    },
    approved: '承認しました。',
    summaryHidden:
      '何も承認されていません。このリクエストの詳細がページに表示されていません。承認する内容が読めることを確認するか、サイトにお問い合わせください。',
    facts: { email: '新しいメールアドレス', phone: '新しい電話番号' },
    transfer: {
      send: '送金額',
      receive: '受取額',
      rate: '為替レート',
      fees: '含まれる手数料',
      to: '送金先',
      ownAccount: (currency) => `あなたの ${currency} 口座`,
      otherAccount: (ending) => `末尾が ${ending} の口座`,
      expired:
        'この見積もりは期限切れのため承認できません。何も送信されていません。キャンセルして、支払いをやり直してください。',
    },
  },
  accountSecurity: {
    title: 'アカウントのセキュリティ',
    signedOut: 'ログアウトしています。アカウントのセキュリティを管理するにはログインしてください。',
  },
  wallet: {
    title: 'ウォレット',
    balance: '残高',
    total: '保留中を含む合計',
    noWallet: 'まだウォレットがありません。',
    status: {
      PENDING: '準備中',
      ACTIVE: '有効',
      CLOSED: '閉鎖',
      FROZEN: '凍結中',
      FAILED: '準備に失敗しました',
    },
    transaction: {
      label: '支払いの状況',
      checking: '支払いを確認しています…',
      status: {
        PENDING: '保留中',
        PROCESSING: '処理中',
        COMPLETED: '完了',
        FAILED: '失敗',
      },
      amounts: (sent, received) => `${sent} を送金、${received} を受取`,
      settled: (date) => `${date} に決済`,
    },
  },
  exportWallet: {
    title: 'リカバリーフレーズ',
    warning:
      'このフレーズを見た人は、ウォレットの中身をすべて持ち出せます。決して共有せず、ウェブサイトに入力せず、画面を誰にも見られていないことを確認してください。',
    reveal: 'リカバリーフレーズを表示',
    revealing: 'リカバリーフレーズを準備しています…',
    hide: 'リカバリーフレーズを隠す',
    hidden: 'リカバリーフレーズは非表示です。',
    phraseLabel: 'あなたのリカバリーフレーズ',
  },
  actions: {
    retry: 'もう一度試す',
    wait: '少し待ってからもう一度試す',
    signIn: 'もう一度ログイン',
    useAnotherMethod: '別の方法を使う',
    checkConnection: '接続を確認',
    fixInput: '入力内容を確認',
    contactSupport: 'サポートに問い合わせる',
    none: '閉じる',
  },
  errorCases: {
    insufficientFunds:
      'ウォレットの残高がこの支払いに足りないため、何も送信されていません。資金を追加するか、金額を減らして送信してください。',
    quoteExpired:
      '支払いが承認される前に見積もりの有効期限が切れたため、何も送信されていません。新しい見積もりを取得するには、支払いをもう一度始めてください。',
    oauthIdentityMismatch:
      'ID プロバイダのこのアカウントは、このウォレットに連携されたアカウントではありません。連携済みのアカウントでログインするか、別の方法を選んでください。',
    oauthNonceMismatch:
      'ID プロバイダからの応答がこのログインと一致しなかったため、拒否されました。もう一度お試しください。',
  },
  errors: {
    INVALID_INPUT: 'リクエストの一部が受け付けられませんでした。',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'このアカウントにはすでにメールでのログインがあります。',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'このアカウントにはすでに SMS でのログインがあります。',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'このパスキーはこのアカウントにすでに設定されています。',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'このメールアドレスは別のアカウントで使われています。',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED:
      'その間にログイン方法が変更されました。再読み込みしてもう一度お試しください。',
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED: 'メールアドレスをすべての場所で更新できませんでした。',
    UNAUTHORIZED: 'ご本人であることを確認できませんでした。',
    INVALID_SIGNATURE: 'ご本人であることを確認できませんでした。',
    WALLET_SIGNATURE_MISSING: '承認が送信されませんでした。もう一度お試しください。',
    WALLET_SIGNATURE_MALFORMED: '承認を読み取れませんでした。もう一度お試しください。',
    WALLET_SIGNATURE_BODY_MISMATCH: '承認後にリクエストが変更されました。もう一度お試しください。',
    WALLET_SIGNATURE_INVALID:
      'このセッションでは操作を承認できなくなりました。もう一度ログインしてください。',
    REQUEST_ID_MISSING: '承認が不完全でした。もう一度お試しください。',
    AMOUNT_OUT_OF_RANGE: '金額が利用可能な残高を超えています。',
    CONFLICT: 'これはすでに完了しています。',
    NOT_FOUND: 'これはもう存在しません。別のデバイスから削除された可能性があります。',
    RATE_LIMITED: '試行回数が多すぎます。少し待ってからもう一度お試しください。',
    DAILY_VOLUME_LIMIT_EXCEEDED: '本日の上限に達しました。',
    SERVICE_SWITCH_ERROR: 'ウォレットサービスが混み合っています。しばらくしてからお試しください。',
    INTERNAL_ERROR: 'ウォレットサービスで問題が発生しました。しばらくしてからお試しください。',
    FORBIDDEN: 'ログイン中のアカウントではこの操作は許可されていません。',
    METHOD_NOT_ALLOWED: 'このサイトのウォレットサービスはこのリクエストを受け付けません。',
    UPSTREAM_ERROR: '現在ウォレットサービスに接続できません。しばらくしてからお試しください。',
    UPSTREAM_TIMEOUT:
      'ウォレットサービスの応答に時間がかかりすぎました。しばらくしてからお試しください。',
    SERVICE_UNAVAILABLE: 'サービスが一時的に利用できません。数秒後にもう一度お試しください。',
    NETWORK_ERROR: 'ウォレットサービスに接続できませんでした。接続を確認してください。',
    TIMEOUT: 'ウォレットサービスの応答に時間がかかりすぎました。',
    ABORTED: 'キャンセルしました。何も変更されていません。',
    CHALLENGE_EXPIRED:
      '承認される前にリクエストの有効期限が切れました。最初からやり直してください。',
    PROCESSING_TIMEOUT:
      'ウォレットサービスでまだ処理中です。再試行する前に、1 分後に確認してください。',
    REQUEST_ID_CONSUMED: 'この承認はすでに使われています。最初からやり直してください。',
    PASSKEY_UNSUPPORTED: 'このブラウザはパスキーに対応していません。',
    PASSKEY_CANCELLED: 'パスキーの画面が閉じられました。',
    INSECURE_CONTEXT: 'ログインには安全なページ（https）が必要です。',
    CONFIGURATION_INVALID: 'このサイトではログインが正しく設定されていません。',
    KEY_STORE_UNAVAILABLE:
      'このブラウザではログイン用キーを保存できません（プライベートモード、またはストレージがブロックされています）。',
    KEY_STORE_CORRUPT:
      'このデバイスに保存されたログイン用キーが破損しています。もう一度ログインしてください。',
    KEY_EXTRACTABLE: 'ログイン用キーが必要なとおりに保護されていません。',
    KEY_USAGE_INVALID: 'ログイン用キーはこの用途には使えません。',
    STORAGE_QUOTA: 'このブラウザにはログイン用キーを保存する空き容量がありません。',
    SESSION_KEY_MISSING: 'このデバイスはログインしていません。もう一度ログインしてください。',
    SESSION_EXPIRED: 'セッションの有効期限が切れました。もう一度ログインしてください。',
    ENCODING_INVALID: 'ウォレットサービスから読み取れないデータが届きました。',
    PUBLIC_KEY_INVALID: 'ウォレットサービスから使用できないキーが届きました。',
    OTP_CODE_INVALID: 'コードは数字のみです。コードを確認してください。',
    BUNDLE_MALFORMED: 'ウォレットサービスから読み取れないデータが届きました。',
    BUNDLE_SIGNATURE_INVALID:
      'ウォレットサービスの応答を検証できなかったため、何も送信されていません。サポートにお問い合わせください。',
    SEALED_KEY_MALFORMED: 'ウォレットサービスから届いたセッションキーを読み取れませんでした。',
    DECRYPT_FAILED: 'ウォレットサービスのデータを復号できませんでした。',
    PAYLOAD_INTENT_MISMATCH:
      'ウォレットサービスが、リクエストとは異なる内容の承認を求めたため、何も承認されていません。',
    PROTOCOL_ERROR: 'ウォレットサービスから予期しない応答がありました。',
    OAUTH_CALLBACK_INVALID:
      'このログイン応答は使用できません。有効期限切れ、使用済み、または別の試行のものです。ログインを最初からやり直してください。',
    UNKNOWN: '問題が発生しました。',
  },
};
