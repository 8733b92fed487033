import type { DemoMessages } from './en.js';

/** The demo's own words in Brazilian Portuguese. */
export const ptBR: DemoMessages = {
  brand: { name: 'Carteira de demonstração', sub: 'Wallet Auth Kit · sandbox' },
  controls: {
    language: 'Idioma',
    darkTheme: 'Tema escuro',
    lightTheme: 'Tema claro',
    switchUser: 'Trocar usuário da demonstração',
    loading: 'Carregando…',
  },
  signUp: {
    title: 'Crie sua carteira',
    intro:
      'Digite um e-mail para abrir uma conta. Uma carteira de autocustódia é criada para você, protegida por chaves que nunca saem deste navegador.',
    email: 'E-mail',
    submit: 'Continuar',
    pending: 'Criando sua carteira…',
    failed: 'O cadastro falhou. Tente novamente.',
    offline: 'Você está sem conexão. Sua carteira será criada assim que a conexão voltar.',
    unreachable:
      'Não foi possível contatar o servidor da demo. Verifique se ele está rodando e tente de novo.',
    invalidEmail: 'Digite um e-mail válido, como nome@exemplo.com.',
    retry: 'Tentar de novo',
    loadFailed:
      'Não foi possível carregar sua conta da demo: o servidor não responde. Ela será carregada assim que a conexão voltar.',
  },
  signIn: {
    title: 'Que bom ver você de novo',
    intro: (email) => (
      <>
        Você entrou na demonstração como {email}. Sua carteira tem o próprio login: escolha um
        método abaixo.
      </>
    ),
    hint: (code) => <>Sandbox: nenhum e-mail é enviado. O código é sempre {code}.</>,
    identityProvider: 'Demo Identity',
    titleNew: 'Abra sua carteira',
    oauthMode: 'O Demo Identity abre em',
    oauthPopup: 'Uma janela pop-up',
    oauthRedirect: 'Esta aba',
    passkeyAutofill: 'Oferecer chaves de acesso no preenchimento automático',
  },
  wallet: {
    title: 'Sua carteira',
    addFunds: 'Adicionar 100 USDC de fundos de teste',
    addingFunds: 'Adicionando fundos de teste…',
    fundsAdded: 'Fundos de teste adicionados.',
    fundsFailed: 'Não foi possível adicionar os fundos de teste. Tente novamente.',
    payTitle: 'Pagar a loja de demonstração',
    payIntro:
      'Uma transferência na mesma moeda a partir da sua carteira, assinada pela chave de sessão deste dispositivo.',
    amount: 'Valor (USDC)',
    send: 'Enviar',
    sent: (amount, destination) => `${amount} enviados para ${destination}.`,
    shopName: 'a loja de demonstração',
    overBalance: (balance) =>
      `Sua carteira tem ${balance}, menos que este valor. Adicione fundos de teste ou digite um valor menor.`,
    changeAmount: 'Alterar o valor',
    cashOutTitle: 'Sacar para sua conta em USD',
    cashOutIntro:
      'Move USDC da sua carteira para a sua própria conta em USD, convertidos pela taxa da cotação. A aprovação mostra o que sai, o que chega e a taxa.',
    cashOut: 'Sacar',
    cashedOut: (sent, received) => `${sent} sacados: ${received} chegam à sua conta em USD.`,
    noUsdAccount: 'Sua conta em USD ainda não está pronta.',
    privacyKept: (enabled) =>
      `Sua sessão terminou antes de a carteira ficar ${enabled ? 'privada' : 'pública'}, então nada mudou.`,
    privacyRepeat: (enabled) =>
      enabled ? 'Tornar a carteira privada agora' : 'Tornar a carteira pública agora',
    dismiss: 'Dispensar',
    orderDescription: 'Pedido da loja de demonstração',
    accountsTitle: 'Todas as suas contas',
    loadingAccounts: 'Carregando contas…',
    accountNames: {
      EMBEDDED_WALLET: 'Carteira (autocustódia)',
      INTERNAL_FIAT: 'Conta em dinheiro',
      INTERNAL_CRYPTO: 'Conta cripto',
      RULE_BASED: 'Conta de cobrança',
    },
    privacyTitle: 'Privacidade',
    privacySwitch: 'Carteira privada (ocultar saldos nas visões compartilhadas da plataforma)',
    progress: {
      awaitingApproval: 'Aguardando sua aprovação…',
      sending: 'Enviando…',
      signing: 'Assinando com a chave deste dispositivo…',
      processing: 'Ainda liquidando com o provedor da carteira…',
      rateLimited: 'Muitas solicitações; tentando de novo em instantes…',
    },
  },
  startFailed: (reason) =>
    `Não foi possível iniciar a demonstração: ${reason}. O servidor da demonstração está rodando? Inicie-o com npm run demo.`,
};
