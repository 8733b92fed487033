import type { WalletAuthMessages } from './en.js';
import { selectPlural } from './format.js';

/** The Brazilian Portuguese message catalogue (addressing the person as "você"). */
export const ptBR: WalletAuthMessages = {
  locale: 'pt-BR',
  common: {
    processing: 'O serviço da carteira ainda está confirmando. Isso pode levar alguns segundos.',
    loading: 'Carregando…',
    retry: 'Tentar novamente',
    cancel: 'Cancelar',
    offline: 'Você está sem conexão. Continuaremos quando a conexão voltar.',
    thisDevice: 'Este dispositivo',
    details: 'Detalhes',
    done: 'Concluído',
  },
  credentialTypes: {
    PASSKEY: 'Chave de acesso',
    OAUTH: 'Login com uma conta',
    EMAIL_OTP: 'Código por e-mail',
    SMS_OTP: 'Código por SMS',
  },
  otp: {
    codeLabel: 'Código de verificação',
    sendEmail: 'Receber um código por e-mail',
    sendSms: 'Receber um código por SMS',
    sending: (destination) => `Enviando um código para ${destination}…`,
    resending: (destination) => `Enviando um novo código para ${destination}…`,
    enterCode: (length, destination) =>
      selectPlural('pt-BR', length, {
        one: `Digite o código de ${length} dígito que enviamos para ${destination}.`,
        other: `Digite o código de ${length} dígitos que enviamos para ${destination}.`,
      }),
    verifying: 'Verificando o código…',
    wrongCode: (attemptsLeft) =>
      attemptsLeft === undefined
        ? 'Esse código não está certo. Confira e tente novamente.'
        : selectPlural('pt-BR', attemptsLeft, {
            '=1': 'Esse código não está certo. Resta 1 tentativa antes de um bloqueio rápido.',
            // Brazilian Portuguese puts 0 and 1 in `one`.
            one: `Esse código não está certo. Resta ${attemptsLeft} tentativa.`,
            other: `Esse código não está certo. Restam ${attemptsLeft} tentativas.`,
          }),
    codeExpired: 'Este código expirou. Peça um novo.',
    resend: 'Enviar um novo código',
    resendIn: (duration) => `Você poderá pedir um novo código em ${duration}.`,
    signedIn: 'Você entrou.',
    useAnotherCode: 'Usar outro método',
    locked: (duration) =>
      `Muitos códigos errados. Por segurança, você poderá tentar de novo em ${duration}.`,
    notChecked:
      'A conexão caiu antes de o código ser verificado. Ele será verificado assim que você voltar a ficar on-line.',
    checkAgain: 'Verificar o código de novo',
  },
  rateLimit: {
    wait: (duration) => `Muitas tentativas. Você poderá tentar de novo em ${duration}.`,
    over: 'Você já pode tentar de novo.',
  },
  passkey: {
    signIn: 'Entrar com uma chave de acesso',
    signInWith: (name) => `Entrar com a chave de acesso “${name}”`,
    pending: 'Aguardando sua chave de acesso…',
    cancelled: 'A janela da chave de acesso foi fechada. Tente de novo quando quiser.',
    unsupported: 'Este navegador não aceita chaves de acesso. Escolha outra forma de entrar.',
    unsupportedAdd:
      'Este navegador não aceita chaves de acesso, então você não pode adicionar uma aqui.',
    add: 'Adicionar uma chave de acesso',
    adding: 'Criando sua chave de acesso…',
    added: 'Chave de acesso adicionada.',
    defaultNickname: 'Chave de acesso',
    notOnDevice:
      'Nenhuma chave de acesso foi usada. Se a sua chave de acesso está em outro dispositivo, use esse dispositivo ou escolha outra forma de entrar.',
    otherAccount:
      'Essa chave de acesso é de outra conta. Escolha a chave de acesso desta conta ou outra forma de entrar.',
    autofillLabel: 'Chave de acesso salva',
    autofillHint: 'Escolha uma das chaves de acesso que o seu navegador oferece para este site.',
  },
  oauth: {
    continueWith: (provider) => `Continuar com ${provider}`,
    pending: (provider) => `Aguardando ${provider}…`,
    cancelled: 'A janela de login foi fechada. Tente de novo quando quiser.',
    add: (provider) => `Vincular ${provider}`,
    redirecting: (provider) => `Levando você para ${provider}…`,
  },
  signIn: {
    title: 'Entre na sua carteira',
    signingIn: 'Entrando…',
    success: 'Você entrou.',
    or: 'ou',
    noMethods: 'Esta conta não tem nenhum método de login que funcione neste dispositivo.',
    expired: 'Sua sessão expirou. Entre de novo para continuar.',
    keyMissing:
      'A chave de login deste dispositivo sumiu (talvez os dados do site tenham sido apagados). Entre de novo.',
    revoked: 'Esta sessão foi encerrada em outro dispositivo. Entre de novo.',
  },
  session: {
    signOut: 'Sair',
    signingOut: 'Saindo…',
    expiresAt: (time) => `Expira ${time}`,
    refreshing: 'Renovando sua sessão…',
    notKept:
      'Você precisará entrar de novo depois de fechar ou recarregar esta página: este navegador não consegue guardar a chave da sua sessão (navegação privada ou armazenamento bloqueado).',
    signedOutOffline: (time) =>
      `Você saiu neste dispositivo. Como está sem conexão, a sessão continua válida no servidor até ${time}.`,
  },
  credentials: {
    title: 'Métodos de login',
    empty: 'Nenhum método de login.',
    added: (date) => `Adicionado em ${date}`,
    remove: (name) => `Remover ${name}`,
    removing: 'Removendo…',
    lastOne:
      'Este é o seu único método de login, então não pode ser removido. Adicione outro primeiro.',
    inUse: 'Usado nesta sessão',
    inUseHint: 'Entre com outro método para remover este.',
  },
  sessions: {
    title: 'Onde você está conectado',
    empty: 'Nenhuma sessão ativa.',
    started: (date) => `Entrou em ${date}`,
    revoke: (name) => `Desconectar ${name}`,
    revoking: 'Desconectando…',
    revokeOthers: 'Desconectar todas as outras sessões',
    revokedOthers: 'As outras sessões foram desconectadas.',
    device: (browser, system) => `${browser} no ${system}`,
    unknownBrowser: 'Navegador da web',
    unknownSystem: 'um sistema desconhecido',
    otherDevice: 'Outro dispositivo ou navegador',
    earlierSession: 'Uma sessão anterior deste navegador',
    signedInWith: (method) => `Entrou com ${method}`,
    lastActive: (date) => `Última atividade em ${date}`,
    activeNow: 'Ativa agora',
    signOutThisDevice: 'Sair neste dispositivo',
  },
  confirm: {
    title: 'Confirmar com sua chave de sessão',
    intro: 'Você está prestes a aprovar:',
    approve: 'Aprovar',
    reject: 'Cancelar',
    expiresIn: (duration) => `Esta solicitação expira em ${duration}.`,
    actions: {
      addCredential: 'Adicionar um método de login',
      removeCredential: 'Remover um método de login',
      refreshSession: 'Renovar esta sessão',
      revokeSession: 'Desconectar uma sessão',
      exportWallet: 'Exportar a frase de recuperação da carteira',
      updatePrivacy: 'Alterar a privacidade da carteira',
      updateContact: 'Alterar seu e-mail ou número de telefone',
      transfer: 'Enviar fundos da sua carteira',
      unknown: 'Uma ação na sua carteira',
    },
    approved: 'Aprovado.',
    summaryHidden:
      'Nada foi aprovado: os detalhes desta solicitação não estão visíveis na página. Confira se você consegue ler o que está aprovando ou fale com o site.',
    facts: { email: 'Novo endereço de e-mail', phone: 'Novo número de telefone' },
    transfer: {
      send: 'Você envia',
      receive: 'O destinatário recebe',
      rate: 'Taxa de câmbio',
      fees: 'Tarifas incluídas',
      to: 'Para',
      ownAccount: (currency) => `Sua conta em ${currency}`,
      otherAccount: (ending) => `Conta terminada em ${ending}`,
      expired:
        'Esta cotação expirou e não pode mais ser aprovada. Nada foi enviado: cancele e comece o pagamento de novo.',
    },
  },
  accountSecurity: {
    title: 'Segurança da conta',
    signedOut: 'Você saiu. Entre para gerenciar a segurança da sua conta.',
  },
  wallet: {
    title: 'Carteira',
    balance: 'Saldo',
    total: 'Total, incluindo pendentes',
    noWallet: 'Ainda não há carteira.',
    status: {
      PENDING: 'Em preparação',
      ACTIVE: 'Ativa',
      CLOSED: 'Encerrada',
      FROZEN: 'Congelada',
      FAILED: 'Falha na preparação',
    },
    transaction: {
      label: 'Status do pagamento',
      checking: 'Verificando o pagamento…',
      status: {
        PENDING: 'Pendente',
        PROCESSING: 'Em processamento',
        COMPLETED: 'Concluído',
        FAILED: 'Falhou',
      },
      amounts: (sent, received) => `${sent} enviados, ${received} recebidos`,
      settled: (date) => `Liquidado em ${date}`,
    },
  },
  exportWallet: {
    title: 'Frase de recuperação',
    warning:
      'Quem vir esta frase pode levar tudo o que há na sua carteira. Nunca a compartilhe, nunca a digite em um site e garanta que ninguém esteja olhando sua tela.',
    reveal: 'Mostrar a frase de recuperação',
    revealing: 'Preparando sua frase de recuperação…',
    hide: 'Ocultar a frase de recuperação',
    hidden: 'A frase de recuperação está oculta.',
    phraseLabel: 'Sua frase de recuperação',
  },
  actions: {
    retry: 'Tentar novamente',
    wait: 'Aguarde e tente novamente',
    signIn: 'Entrar de novo',
    useAnotherMethod: 'Usar outro método',
    checkConnection: 'Verifique sua conexão',
    fixInput: 'Confira o que você digitou',
    contactSupport: 'Falar com o suporte',
    none: 'Entendi',
  },
  errorCases: {
    insufficientFunds:
      'Sua carteira não tem saldo suficiente para este pagamento, então nada foi enviado. Adicione fundos ou envie um valor menor.',
    quoteExpired:
      'A cotação expirou antes de o pagamento ser aprovado, então nada foi enviado. Comece o pagamento de novo para obter uma nova cotação.',
    oauthIdentityMismatch:
      'Esta conta no seu provedor de identidade não é a vinculada a esta carteira. Entre lá com a conta vinculada ou escolha outra forma.',
    oauthNonceMismatch:
      'A resposta do provedor de identidade não correspondia a este login e foi recusada. Tente de novo.',
  },
  errors: {
    INVALID_INPUT: 'Algo na solicitação não foi aceito.',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Esta conta já tem login por e-mail.',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'Esta conta já tem login por SMS.',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'Esta chave de acesso já está configurada nesta conta.',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'Outra conta já usa este endereço de e-mail.',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED:
      'Seus métodos de login mudaram nesse meio-tempo. Recarregue e tente novamente.',
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED:
      'Não foi possível atualizar o endereço de e-mail em todos os lugares.',
    UNAUTHORIZED: 'Não conseguimos confirmar que é você.',
    INVALID_SIGNATURE: 'Não conseguimos confirmar que é você.',
    WALLET_SIGNATURE_MISSING: 'A aprovação não foi enviada. Tente novamente.',
    WALLET_SIGNATURE_MALFORMED: 'Não foi possível ler a aprovação. Tente novamente.',
    WALLET_SIGNATURE_BODY_MISMATCH: 'A solicitação mudou depois de aprovada. Tente novamente.',
    WALLET_SIGNATURE_INVALID: 'Sua sessão não pode mais aprovar ações. Entre de novo.',
    REQUEST_ID_MISSING: 'A aprovação ficou incompleta. Tente novamente.',
    AMOUNT_OUT_OF_RANGE: 'O valor é maior que o saldo disponível.',
    CONFLICT: 'Isso já foi feito.',
    NOT_FOUND: 'Isso não existe mais. Talvez tenha sido removido em outro dispositivo.',
    RATE_LIMITED: 'Muitas tentativas. Aguarde um momento antes de tentar de novo.',
    DAILY_VOLUME_LIMIT_EXCEEDED: 'Você atingiu o limite de hoje.',
    SERVICE_SWITCH_ERROR: 'O serviço da carteira está ocupado. Tente de novo em instantes.',
    INTERNAL_ERROR: 'O serviço da carteira teve um problema. Tente de novo em instantes.',
    FORBIDDEN: 'Isso não é permitido para a conta com que você entrou.',
    METHOD_NOT_ALLOWED: 'O serviço da carteira deste site não aceita esta solicitação.',
    UPSTREAM_ERROR:
      'Não é possível falar com o serviço da carteira agora. Tente de novo em instantes.',
    UPSTREAM_TIMEOUT:
      'O serviço da carteira demorou demais para responder. Tente de novo em instantes.',
    SERVICE_UNAVAILABLE:
      'O serviço está indisponível no momento. Tente de novo em alguns segundos.',
    NETWORK_ERROR: 'Não conseguimos falar com o serviço da carteira. Verifique sua conexão.',
    TIMEOUT: 'O serviço da carteira demorou demais para responder.',
    ABORTED: 'Cancelado. Nada foi alterado.',
    CHALLENGE_EXPIRED: 'A solicitação expirou antes de ser aprovada. Comece de novo.',
    PROCESSING_TIMEOUT:
      'O serviço da carteira ainda está processando. Confira daqui a um minuto antes de tentar de novo.',
    REQUEST_ID_CONSUMED: 'Esta aprovação já foi usada. Comece de novo.',
    PASSKEY_UNSUPPORTED: 'Este navegador não aceita chaves de acesso.',
    PASSKEY_CANCELLED: 'A janela da chave de acesso foi fechada.',
    INSECURE_CONTEXT: 'Para entrar, a página precisa ser segura (https).',
    CONFIGURATION_INVALID: 'O login não está configurado corretamente neste site.',
    KEY_STORE_UNAVAILABLE:
      'Este navegador não consegue guardar uma chave de login (modo privado ou armazenamento bloqueado).',
    KEY_STORE_CORRUPT:
      'A chave de login guardada neste dispositivo está danificada. Entre de novo.',
    KEY_EXTRACTABLE: 'A chave de login não está protegida como deveria.',
    KEY_USAGE_INVALID: 'A chave de login não pode ser usada para isso.',
    STORAGE_QUOTA: 'Este navegador está sem espaço para a chave de login.',
    SESSION_KEY_MISSING: 'Este dispositivo não está mais conectado. Entre de novo.',
    SESSION_EXPIRED: 'Sua sessão expirou. Entre de novo.',
    ENCODING_INVALID: 'O serviço da carteira enviou dados que não conseguimos ler.',
    PUBLIC_KEY_INVALID: 'O serviço da carteira enviou uma chave que não conseguimos usar.',
    OTP_CODE_INVALID: 'Os códigos têm apenas dígitos. Confira o código.',
    BUNDLE_MALFORMED: 'O serviço da carteira enviou dados que não conseguimos ler.',
    BUNDLE_SIGNATURE_INVALID:
      'Não foi possível verificar a resposta do serviço da carteira, então nada foi enviado. Fale com o suporte.',
    SEALED_KEY_MALFORMED: 'Não foi possível ler a chave de sessão do serviço da carteira.',
    DECRYPT_FAILED: 'Não foi possível descriptografar os dados do serviço da carteira.',
    PAYLOAD_INTENT_MISMATCH:
      'O serviço da carteira pediu para aprovar algo diferente do que você solicitou, então nada foi aprovado.',
    PROTOCOL_ERROR: 'O serviço da carteira respondeu de forma inesperada.',
    OAUTH_CALLBACK_INVALID:
      'Esta resposta de login não pode ser usada: ela expirou, já foi usada ou pertence a outra tentativa. Comece o login de novo.',
    UNKNOWN: 'Algo deu errado.',
  },
};
