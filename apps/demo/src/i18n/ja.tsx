import type { DemoMessages } from './en.js';

/** The demo's own words in Japanese. */
export const ja: DemoMessages = {
  brand: { name: 'デモウォレット', sub: 'Wallet Auth Kit · サンドボックス' },
  controls: {
    language: '言語',
    darkTheme: 'ダークテーマ',
    lightTheme: 'ライトテーマ',
    switchUser: 'デモユーザーを切り替え',
    loading: '読み込み中…',
  },
  signUp: {
    title: 'ウォレットを作成',
    intro:
      'メールアドレスを入力してアカウントを開設してください。このブラウザから出ることのないキーで守られた、セルフカストディ型のウォレットが用意されます。',
    email: 'メールアドレス',
    submit: '続ける',
    pending: 'ウォレットを作成しています…',
    failed: '登録できませんでした。もう一度お試しください。',
    offline: 'オフラインです。接続が戻りしだいウォレットを作成します。',
    unreachable:
      'デモサーバーに接続できません。起動していることを確認して、もう一度お試しください。',
    invalidEmail: 'name@example.com のような有効なメールアドレスを入力してください。',
    retry: 'もう一度試す',
    loadFailed:
      'デモアカウントを読み込めませんでした。サーバーに接続できません。接続が戻りしだい読み込みます。',
  },
  signIn: {
    title: 'おかえりなさい',
    intro: (email) => (
      <>
        {email}{' '}
        としてデモにログインしています。ウォレットには専用のログインがあります。下から方法を選んでください。
      </>
    ),
    hint: (code) => <>サンドボックス: メールは送信されません。コードは常に {code} です。</>,
    identityProvider: 'Demo Identity',
    titleNew: 'ウォレットを開く',
    oauthMode: 'Demo Identity を開く場所',
    oauthPopup: 'ポップアップウィンドウ',
    oauthRedirect: 'このタブ',
    passkeyAutofill: '自動入力でパスキーを提案する',
  },
  wallet: {
    title: 'あなたのウォレット',
    addFunds: 'テスト用に 100 USDC を追加',
    addingFunds: 'テスト用の資金を追加しています…',
    fundsAdded: 'テスト用の資金を追加しました。',
    fundsFailed: 'テスト用の資金を追加できませんでした。もう一度お試しください。',
    payTitle: 'デモショップで支払う',
    payIntro: 'このデバイスのセッションキーで署名した、ウォレットからの同一通貨の送金です。',
    amount: '金額 (USDC)',
    send: '送金',
    sent: (amount, destination) => `${destination}に ${amount} を送金しました。`,
    shopName: 'デモショップ',
    overBalance: (balance) =>
      `ウォレットの残高は ${balance} で、この金額に足りません。テスト資金を追加するか、金額を減らしてください。`,
    changeAmount: '金額を変更',
    cashOutTitle: 'USD 口座に出金',
    cashOutIntro:
      'ウォレットの USDC を見積もりのレートで換算し、あなた自身の USD 口座に移します。承認画面に、出ていく額、届く額、レートが表示されます。',
    cashOut: '出金',
    cashedOut: (sent, received) =>
      `${sent} を出金しました。USD 口座に ${received} が入金されます。`,
    noUsdAccount: 'USD 口座はまだ準備ができていません。',
    privacyKept: (enabled) =>
      `ウォレットを${enabled ? '非公開' : '公開'}にする前にセッションが終了したため、何も変更されていません。`,
    privacyRepeat: (enabled) =>
      enabled ? '今すぐウォレットを非公開にする' : '今すぐウォレットを公開にする',
    dismiss: '閉じる',
    orderDescription: 'デモショップの注文',
    accountsTitle: 'すべてのアカウント',
    loadingAccounts: 'アカウントを読み込んでいます…',
    accountNames: {
      EMBEDDED_WALLET: 'ウォレット (セルフカストディ)',
      INTERNAL_FIAT: '現金口座',
      INTERNAL_CRYPTO: '暗号資産口座',
      RULE_BASED: '集金口座',
    },
    privacyTitle: 'プライバシー',
    privacySwitch: 'プライベートウォレット (プラットフォームの共有ビューで残高を非表示)',
    progress: {
      awaitingApproval: 'あなたの承認を待っています…',
      sending: '送金しています…',
      signing: 'このデバイスのキーで署名しています…',
      processing: 'ウォレットプロバイダーで決済処理中です…',
      rateLimited: 'リクエストが多すぎます。まもなく再試行します…',
    },
  },
  startFailed: (reason) =>
    `デモを開始できませんでした: ${reason}。デモサーバーは起動していますか? npm run demo で起動してください。`,
};
