import type { WalletAuthMessages } from './en.js';
import { selectPlural } from './format.js';

/** The Spanish message catalogue (neutral Spanish, addressing the person as «tú»). */
export const es: WalletAuthMessages = {
  locale: 'es',
  common: {
    processing: 'El servicio del monedero aún está confirmando. Puede tardar unos segundos.',
    loading: 'Cargando…',
    retry: 'Reintentar',
    cancel: 'Cancelar',
    offline: 'No tienes conexión. Seguiremos cuando vuelva la conexión.',
    thisDevice: 'Este dispositivo',
    details: 'Detalles',
    done: 'Listo',
  },
  credentialTypes: {
    PASSKEY: 'Llave de acceso',
    OAUTH: 'Inicio de sesión con una cuenta',
    EMAIL_OTP: 'Código por correo',
    SMS_OTP: 'Código por SMS',
  },
  otp: {
    codeLabel: 'Código de verificación',
    sendEmail: 'Enviarme un código por correo',
    sendSms: 'Enviarme un código por SMS',
    sending: (destination) => `Enviando un código a ${destination}…`,
    resending: (destination) => `Enviando un código nuevo a ${destination}…`,
    enterCode: (length, destination) =>
      selectPlural('es', length, {
        one: `Escribe el código de ${length} dígito que enviamos a ${destination}.`,
        other: `Escribe el código de ${length} dígitos que enviamos a ${destination}.`,
      }),
    verifying: 'Comprobando el código…',
    wrongCode: (attemptsLeft) =>
      attemptsLeft === undefined
        ? 'Ese código no es correcto. Revísalo y vuelve a intentarlo.'
        : selectPlural('es', attemptsLeft, {
            '=1': 'Ese código no es correcto. Te queda 1 intento antes de un bloqueo breve.',
            one: `Ese código no es correcto. Te queda ${attemptsLeft} intento.`,
            other: `Ese código no es correcto. Te quedan ${attemptsLeft} intentos.`,
          }),
    codeExpired: 'Este código ha caducado. Pide uno nuevo.',
    resend: 'Enviar un código nuevo',
    resendIn: (duration) => `Podrás pedir un código nuevo dentro de ${duration}.`,
    signedIn: 'Has iniciado sesión.',
    useAnotherCode: 'Usar otro método',
    locked: (duration) =>
      `Demasiados códigos incorrectos. Por seguridad, podrás volver a intentarlo dentro de ${duration}.`,
    notChecked:
      'La conexión se cortó antes de comprobar el código. Lo comprobaremos en cuanto vuelvas a tener conexión.',
    checkAgain: 'Comprobar el código de nuevo',
  },
  rateLimit: {
    wait: (duration) => `Demasiados intentos. Podrás volver a intentarlo dentro de ${duration}.`,
    over: 'Ya puedes volver a intentarlo.',
  },
  passkey: {
    signIn: 'Iniciar sesión con una llave de acceso',
    signInWith: (name) => `Iniciar sesión con la llave de acceso «${name}»`,
    pending: 'Esperando tu llave de acceso…',
    cancelled: 'Se cerró la ventana de la llave de acceso. Vuelve a intentarlo cuando quieras.',
    unsupported: 'Este navegador no admite llaves de acceso. Elige otra forma de iniciar sesión.',
    unsupportedAdd: 'Este navegador no admite llaves de acceso, así que no puedes añadir una aquí.',
    add: 'Añadir una llave de acceso',
    adding: 'Creando tu llave de acceso…',
    added: 'Llave de acceso añadida.',
    defaultNickname: 'Llave de acceso',
    notOnDevice:
      'No se usó ninguna llave de acceso. Si tu llave de acceso está en otro dispositivo, usa ese dispositivo o elige otra forma de iniciar sesión.',
    otherAccount:
      'Esa llave de acceso es de otra cuenta. Elige la llave de acceso de esta cuenta u otra forma de iniciar sesión.',
    autofillLabel: 'Llave de acceso guardada',
    autofillHint: 'Elige una de las llaves de acceso que tu navegador ofrece para este sitio.',
  },
  oauth: {
    continueWith: (provider) => `Continuar con ${provider}`,
    pending: (provider) => `Esperando a ${provider}…`,
    cancelled: 'Se cerró la ventana de inicio de sesión. Vuelve a intentarlo cuando quieras.',
    add: (provider) => `Vincular ${provider}`,
    redirecting: (provider) => `Te llevamos a ${provider}…`,
  },
  signIn: {
    title: 'Inicia sesión en tu monedero',
    signingIn: 'Iniciando sesión…',
    success: 'Has iniciado sesión.',
    or: 'o',
    noMethods:
      'Esta cuenta no tiene ningún método de inicio de sesión que funcione en este dispositivo.',
    expired: 'Tu sesión ha caducado. Vuelve a iniciar sesión para continuar.',
    keyMissing:
      'La clave de inicio de sesión de este dispositivo ya no está (quizá se borraron los datos del sitio). Vuelve a iniciar sesión.',
    revoked: 'Se cerró esta sesión desde otro dispositivo. Vuelve a iniciar sesión.',
  },
  session: {
    signOut: 'Cerrar sesión',
    signingOut: 'Cerrando sesión…',
    expiresAt: (time) => `Caduca ${time}`,
    refreshing: 'Renovando tu sesión…',
    notKept:
      'Tendrás que volver a iniciar sesión después de cerrar o recargar esta página: este navegador no puede guardar la clave de tu sesión (navegación privada o almacenamiento bloqueado).',
    signedOutOffline: (time) =>
      `Has cerrado la sesión en este dispositivo. Como no tienes conexión, la sesión sigue siendo válida en el servidor hasta ${time}.`,
  },
  credentials: {
    title: 'Métodos de inicio de sesión',
    empty: 'Ningún método de inicio de sesión.',
    added: (date) => `Añadido el ${date}`,
    remove: (name) => `Eliminar ${name}`,
    removing: 'Eliminando…',
    lastOne:
      'Es tu único método de inicio de sesión, así que no se puede eliminar. Añade otro primero.',
    inUse: 'Usado en esta sesión',
    inUseHint: 'Inicia sesión con otro método para eliminar este.',
  },
  sessions: {
    title: 'Dónde has iniciado sesión',
    empty: 'No hay sesiones activas.',
    started: (date) => `Sesión iniciada el ${date}`,
    revoke: (name) => `Cerrar la sesión de ${name}`,
    revoking: 'Cerrando sesión…',
    revokeOthers: 'Cerrar todas las demás sesiones',
    revokedOthers: 'Se cerraron las demás sesiones.',
    device: (browser, system) => `${browser} en ${system}`,
    unknownBrowser: 'Navegador web',
    unknownSystem: 'un sistema desconocido',
    otherDevice: 'Otro dispositivo o navegador',
    earlierSession: 'Una sesión anterior de este navegador',
    signedInWith: (method) => `Sesión iniciada con ${method}`,
    lastActive: (date) => `Última actividad: ${date}`,
    activeNow: 'Activa ahora',
    signOutThisDevice: 'Cerrar sesión en este dispositivo',
  },
  confirm: {
    title: 'Confirmar con tu clave de sesión',
    intro: 'Vas a aprobar:',
    approve: 'Aprobar',
    reject: 'Cancelar',
    expiresIn: (duration) => `Esta solicitud caduca dentro de ${duration}.`,
    actions: {
      addCredential: 'Añadir un método de inicio de sesión',
      removeCredential: 'Eliminar un método de inicio de sesión',
      refreshSession: 'Renovar esta sesión',
      revokeSession: 'Cerrar una sesión',
      exportWallet: 'Exportar la frase de recuperación del monedero',
      updatePrivacy: 'Cambiar la privacidad del monedero',
      updateContact: 'Cambiar tu correo o tu número de teléfono',
      transfer: 'Enviar fondos desde tu monedero',
      unknown: 'Una acción sobre tu monedero',
    },
    approved: 'Aprobado.',
    summaryHidden:
      'No se aprobó nada: los detalles de esta solicitud no se ven en la página. Asegúrate de poder leer lo que apruebas o contacta con el sitio.',
    facts: { email: 'Nueva dirección de correo', phone: 'Nuevo número de teléfono' },
    transfer: {
      send: 'Envías',
      receive: 'El destinatario recibe',
      rate: 'Tipo de cambio',
      fees: 'Comisiones incluidas',
      to: 'Para',
      ownAccount: (currency) => `Tu cuenta en ${currency}`,
      otherAccount: (ending) => `Cuenta terminada en ${ending}`,
      expired:
        'Esta cotización caducó y ya no se puede aprobar. No se envió nada: cancela y vuelve a iniciar el pago.',
    },
  },
  accountSecurity: {
    title: 'Seguridad de la cuenta',
    signedOut: 'Has cerrado sesión. Inicia sesión para gestionar la seguridad de tu cuenta.',
  },
  wallet: {
    title: 'Monedero',
    balance: 'Saldo',
    total: 'Total, incluido lo pendiente',
    noWallet: 'Aún no hay monedero.',
    status: {
      PENDING: 'En preparación',
      ACTIVE: 'Activo',
      CLOSED: 'Cerrado',
      FROZEN: 'Congelado',
      FAILED: 'La preparación falló',
    },
    transaction: {
      label: 'Estado del pago',
      checking: 'Comprobando el pago…',
      status: {
        PENDING: 'Pendiente',
        PROCESSING: 'En proceso',
        COMPLETED: 'Completado',
        FAILED: 'Fallido',
      },
      amounts: (sent, received) => `${sent} enviados, ${received} recibidos`,
      settled: (date) => `Liquidado el ${date}`,
    },
  },
  exportWallet: {
    title: 'Frase de recuperación',
    warning:
      'Cualquiera que vea esta frase puede llevarse todo lo que hay en tu monedero. No la compartas nunca, no la escribas en ningún sitio web y asegúrate de que nadie mira tu pantalla.',
    reveal: 'Mostrar la frase de recuperación',
    revealing: 'Preparando tu frase de recuperación…',
    hide: 'Ocultar la frase de recuperación',
    hidden: 'La frase de recuperación está oculta.',
    phraseLabel: 'Tu frase de recuperación',
  },
  actions: {
    retry: 'Reintentar',
    wait: 'Espera y vuelve a intentarlo',
    signIn: 'Volver a iniciar sesión',
    useAnotherMethod: 'Usar otro método',
    checkConnection: 'Comprueba tu conexión',
    fixInput: 'Revisa lo que has escrito',
    contactSupport: 'Contactar con soporte',
    none: 'Aceptar',
  },
  errorCases: {
    insufficientFunds:
      'Tu monedero no tiene saldo suficiente para este pago, así que no se envió nada. Añade fondos o envía un importe menor.',
    quoteExpired:
      'La cotización caducó antes de aprobar el pago, así que no se envió nada. Vuelve a empezar el pago para obtener una cotización nueva.',
    oauthIdentityMismatch:
      'Esta cuenta de tu proveedor de identidad no es la vinculada a este monedero. Inicia sesión allí con la cuenta vinculada o elige otra forma.',
    oauthNonceMismatch:
      'La respuesta del proveedor de identidad no coincidía con este inicio de sesión, así que se rechazó. Vuelve a intentarlo.',
  },
  errors: {
    INVALID_INPUT: 'No se aceptó algo de la solicitud.',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Esta cuenta ya tiene inicio de sesión por correo.',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'Esta cuenta ya tiene inicio de sesión por SMS.',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'Esta llave de acceso ya está configurada en esta cuenta.',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'Otra cuenta ya usa esta dirección de correo.',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED:
      'Tus métodos de inicio de sesión cambiaron mientras tanto. Recarga y vuelve a intentarlo.',
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED:
      'No se pudo actualizar la dirección de correo en todas partes.',
    UNAUTHORIZED: 'No pudimos confirmar que eres tú.',
    INVALID_SIGNATURE: 'No pudimos confirmar que eres tú.',
    WALLET_SIGNATURE_MISSING: 'No se envió la aprobación. Vuelve a intentarlo.',
    WALLET_SIGNATURE_MALFORMED: 'No se pudo leer la aprobación. Vuelve a intentarlo.',
    WALLET_SIGNATURE_BODY_MISMATCH:
      'La solicitud cambió después de aprobarse. Vuelve a intentarlo.',
    WALLET_SIGNATURE_INVALID: 'Tu sesión ya no puede aprobar acciones. Vuelve a iniciar sesión.',
    REQUEST_ID_MISSING: 'La aprobación estaba incompleta. Vuelve a intentarlo.',
    AMOUNT_OUT_OF_RANGE: 'El importe supera el saldo disponible.',
    CONFLICT: 'Esto ya estaba hecho.',
    NOT_FOUND: 'Ya no existe. Quizá se eliminó desde otro dispositivo.',
    RATE_LIMITED: 'Demasiados intentos. Espera un momento antes de volver a intentarlo.',
    DAILY_VOLUME_LIMIT_EXCEEDED: 'Has alcanzado el límite de hoy.',
    SERVICE_SWITCH_ERROR: 'El servicio del monedero está ocupado. Inténtalo de nuevo en breve.',
    INTERNAL_ERROR: 'El servicio del monedero tuvo un problema. Inténtalo de nuevo en breve.',
    FORBIDDEN: 'Esto no está permitido para la cuenta con la que has iniciado sesión.',
    METHOD_NOT_ALLOWED: 'El servicio del monedero de este sitio no acepta esta solicitud.',
    UPSTREAM_ERROR:
      'Ahora mismo no se puede contactar con el servicio del monedero. Inténtalo de nuevo en breve.',
    UPSTREAM_TIMEOUT:
      'El servicio del monedero tardó demasiado en responder. Inténtalo de nuevo en breve.',
    SERVICE_UNAVAILABLE:
      'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
    NETWORK_ERROR: 'No pudimos contactar con el servicio del monedero. Comprueba tu conexión.',
    TIMEOUT: 'El servicio del monedero tardó demasiado en responder.',
    ABORTED: 'Cancelado. No se cambió nada.',
    CHALLENGE_EXPIRED: 'La solicitud caducó antes de aprobarse. Vuelve a empezar.',
    PROCESSING_TIMEOUT:
      'El servicio del monedero aún lo está procesando. Compruébalo dentro de un minuto antes de reintentar.',
    REQUEST_ID_CONSUMED: 'Esta aprobación ya se usó. Vuelve a empezar.',
    PASSKEY_UNSUPPORTED: 'Este navegador no admite llaves de acceso.',
    PASSKEY_CANCELLED: 'Se cerró la ventana de la llave de acceso.',
    INSECURE_CONTEXT: 'Para iniciar sesión hace falta una página segura (https).',
    CONFIGURATION_INVALID: 'El inicio de sesión no está bien configurado en este sitio.',
    KEY_STORE_UNAVAILABLE:
      'Este navegador no puede guardar una clave de inicio de sesión (modo privado o almacenamiento bloqueado).',
    KEY_STORE_CORRUPT:
      'La clave de inicio de sesión guardada en este dispositivo está dañada. Vuelve a iniciar sesión.',
    KEY_EXTRACTABLE: 'La clave de inicio de sesión no está protegida como debería.',
    KEY_USAGE_INVALID: 'La clave de inicio de sesión no se puede usar para esto.',
    STORAGE_QUOTA: 'Este navegador no tiene espacio para la clave de inicio de sesión.',
    SESSION_KEY_MISSING:
      'Este dispositivo ya no tiene la sesión iniciada. Vuelve a iniciar sesión.',
    SESSION_EXPIRED: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
    ENCODING_INVALID: 'El servicio del monedero envió datos que no pudimos leer.',
    PUBLIC_KEY_INVALID: 'El servicio del monedero envió una clave que no pudimos usar.',
    OTP_CODE_INVALID: 'Los códigos solo tienen dígitos. Revisa el código.',
    BUNDLE_MALFORMED: 'El servicio del monedero envió datos que no pudimos leer.',
    BUNDLE_SIGNATURE_INVALID:
      'No se pudo verificar la respuesta del servicio del monedero, así que no se envió nada. Contacta con soporte.',
    SEALED_KEY_MALFORMED: 'No se pudo leer la clave de sesión del servicio del monedero.',
    DECRYPT_FAILED: 'No se pudieron descifrar los datos del servicio del monedero.',
    PAYLOAD_INTENT_MISMATCH:
      'El servicio del monedero pidió aprobar algo distinto de lo que solicitaste, así que no se aprobó nada.',
    PROTOCOL_ERROR: 'El servicio del monedero respondió de forma inesperada.',
    OAUTH_CALLBACK_INVALID:
      'Esta respuesta de inicio de sesión no se puede usar: caducó, ya se usó o pertenece a otro intento. Vuelve a iniciar sesión desde el principio.',
    UNKNOWN: 'Algo salió mal.',
  },
};
