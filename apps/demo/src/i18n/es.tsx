import type { DemoMessages } from './en.js';

/** The demo's own words in Spanish. */
export const es: DemoMessages = {
  brand: { name: 'Monedero de demostración', sub: 'Wallet Auth Kit · entorno de pruebas' },
  controls: {
    language: 'Idioma',
    darkTheme: 'Tema oscuro',
    lightTheme: 'Tema claro',
    switchUser: 'Cambiar de usuario de demostración',
    loading: 'Cargando…',
  },
  signUp: {
    title: 'Crea tu monedero',
    intro:
      'Escribe un correo para abrir una cuenta. Se te asigna un monedero de autocustodia, protegido por claves que nunca salen de este navegador.',
    email: 'Correo electrónico',
    submit: 'Continuar',
    pending: 'Creando tu monedero…',
    failed: 'No se pudo completar el registro. Vuelve a intentarlo.',
    offline: 'No tienes conexión. Tu monedero se creará en cuanto vuelva la conexión.',
    unreachable:
      'No se puede contactar con el servidor de la demo. Comprueba que está en marcha y vuelve a intentarlo.',
    invalidEmail: 'Escribe una dirección de correo válida, como nombre@ejemplo.com.',
    retry: 'Reintentar',
    loadFailed:
      'No se pudo cargar tu cuenta de la demo: no se puede contactar con el servidor. Se cargará en cuanto vuelva la conexión.',
  },
  signIn: {
    title: 'Hola de nuevo',
    intro: (email) => (
      <>
        Has iniciado sesión en la demo como {email}. Tu monedero tiene su propio inicio de sesión:
        elige un método abajo.
      </>
    ),
    hint: (code) => (
      <>Entorno de pruebas: no se envía ningún correo. El código es siempre {code}.</>
    ),
    identityProvider: 'Demo Identity',
    titleNew: 'Abre tu monedero',
    oauthMode: 'Demo Identity se abre en',
    oauthPopup: 'Una ventana emergente',
    oauthRedirect: 'Esta pestaña',
    passkeyAutofill: 'Ofrecer llaves de acceso en el autocompletado',
  },
  wallet: {
    title: 'Tu monedero',
    addFunds: 'Añadir 100 USDC de fondos de prueba',
    addingFunds: 'Añadiendo fondos de prueba…',
    fundsAdded: 'Fondos de prueba añadidos.',
    fundsFailed: 'No se pudieron añadir los fondos de prueba. Vuelve a intentarlo.',
    payTitle: 'Pagar en la tienda de demostración',
    payIntro:
      'Una transferencia en la misma moneda desde tu monedero, firmada con la clave de sesión de este dispositivo.',
    amount: 'Importe (USDC)',
    send: 'Enviar',
    sent: (amount, destination) => `Se enviaron ${amount} a ${destination}.`,
    shopName: 'la tienda de demostración',
    overBalance: (balance) =>
      `Tu monedero tiene ${balance}, menos que este importe. Añade fondos de prueba o escribe un importe menor.`,
    changeAmount: 'Cambiar el importe',
    cashOutTitle: 'Retirar a tu cuenta en USD',
    cashOutIntro:
      'Mueve USDC de tu monedero a tu propia cuenta en USD, convertidos al tipo de la cotización. La aprobación muestra lo que sale, lo que llega y el tipo de cambio.',
    cashOut: 'Retirar',
    cashedOut: (sent, received) => `Retiraste ${sent}: llegan ${received} a tu cuenta en USD.`,
    noUsdAccount: 'Tu cuenta en USD todavía no está lista.',
    privacyKept: (enabled) =>
      `Tu sesión terminó antes de que el monedero pasara a ser ${enabled ? 'privado' : 'público'}, así que no cambió nada.`,
    privacyRepeat: (enabled) =>
      enabled ? 'Hacer privado el monedero ahora' : 'Hacer público el monedero ahora',
    dismiss: 'Descartar',
    orderDescription: 'Pedido de la tienda de demostración',
    accountsTitle: 'Todas tus cuentas',
    loadingAccounts: 'Cargando cuentas…',
    accountNames: {
      EMBEDDED_WALLET: 'Monedero (autocustodia)',
      INTERNAL_FIAT: 'Cuenta de efectivo',
      INTERNAL_CRYPTO: 'Cuenta cripto',
      RULE_BASED: 'Cuenta de cobro',
    },
    privacyTitle: 'Privacidad',
    privacySwitch:
      'Monedero privado (ocultar los saldos en las vistas compartidas de la plataforma)',
    progress: {
      awaitingApproval: 'Esperando tu aprobación…',
      sending: 'Enviando…',
      signing: 'Firmando con la clave de este dispositivo…',
      processing: 'Aún se está liquidando con el proveedor del monedero…',
      rateLimited: 'Demasiadas solicitudes; se reintentará en breve…',
    },
  },
  startFailed: (reason) =>
    `La demo no pudo iniciarse: ${reason}. ¿Está en marcha el servidor de la demo? Inícialo con npm run demo.`,
};
