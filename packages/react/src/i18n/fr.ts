import type { WalletAuthMessages } from './en.js';
import { selectPlural } from './format.js';

/** The French message catalogue: complete, to prove every string of the kit is translatable. */
export const fr: WalletAuthMessages = {
  locale: 'fr',
  common: {
    processing: 'Le service du portefeuille confirme encore. Cela peut prendre quelques secondes.',
    loading: 'Chargement…',
    retry: 'Réessayer',
    cancel: 'Annuler',
    offline: 'Vous êtes hors ligne. Nous reprendrons dès le retour de la connexion.',
    thisDevice: 'Cet appareil',
    details: 'Détails',
    done: 'Terminé',
  },
  credentialTypes: {
    PASSKEY: "Clé d'accès",
    OAUTH: 'Connexion via un compte',
    EMAIL_OTP: 'Code par e-mail',
    SMS_OTP: 'Code par SMS',
  },
  otp: {
    codeLabel: 'Code de vérification',
    sendEmail: 'Recevoir un code par e-mail',
    sendSms: 'Recevoir un code par SMS',
    sending: (destination) => `Envoi d'un code à ${destination}…`,
    resending: (destination) => `Envoi d'un nouveau code à ${destination}…`,
    enterCode: (length, destination) =>
      selectPlural('fr', length, {
        one: `Saisissez le code à ${length} chiffre envoyé à ${destination}.`,
        other: `Saisissez le code à ${length} chiffres envoyé à ${destination}.`,
      }),
    verifying: 'Vérification du code…',
    wrongCode: (attemptsLeft) =>
      attemptsLeft === undefined
        ? "Ce code n'est pas le bon. Vérifiez-le et réessayez."
        : selectPlural('fr', attemptsLeft, {
            // French puts 0 and 1 in `one`.
            one: `Ce code n'est pas le bon. Encore ${attemptsLeft} essai avant un blocage temporaire.`,
            other: `Ce code n'est pas le bon. Encore ${attemptsLeft} essais.`,
          }),
    codeExpired: 'Ce code a expiré. Demandez-en un nouveau.',
    resend: 'Envoyer un nouveau code',
    resendIn: (duration) => `Vous pourrez demander un nouveau code dans ${duration}.`,
    signedIn: 'Vous êtes connecté.',
    useAnotherCode: 'Utiliser une autre méthode',
    locked: (duration) =>
      `Trop de codes erronés. Par sécurité, vous pourrez réessayer dans ${duration}.`,
    notChecked:
      'La connexion a été coupée avant la vérification du code. Il sera vérifié dès votre retour en ligne.',
    checkAgain: 'Vérifier à nouveau le code',
  },
  rateLimit: {
    wait: (duration) => `Trop de tentatives. Vous pourrez réessayer dans ${duration}.`,
    over: 'Vous pouvez réessayer maintenant.',
  },
  passkey: {
    signIn: "Se connecter avec une clé d'accès",
    signInWith: (name) => `Se connecter avec la clé d'accès « ${name} »`,
    pending: "En attente de votre clé d'accès…",
    cancelled: "La fenêtre de la clé d'accès a été fermée. Réessayez quand vous serez prêt.",
    unsupported:
      "Ce navigateur ne prend pas en charge les clés d'accès. Choisissez une autre méthode.",
    unsupportedAdd:
      "Ce navigateur ne prend pas en charge les clés d'accès : vous ne pouvez pas en ajouter ici.",
    add: "Ajouter une clé d'accès",
    adding: "Création de votre clé d'accès…",
    added: "Clé d'accès ajoutée.",
    defaultNickname: "Clé d'accès",
    notOnDevice:
      "Aucune clé d'accès n'a été utilisée. Si votre clé d'accès est sur un autre appareil, utilisez cet appareil ou choisissez un autre moyen de connexion.",
    otherAccount:
      "Cette clé d'accès appartient à un autre compte. Choisissez celle de ce compte ou un autre moyen de connexion.",
    autofillLabel: "Clé d'accès enregistrée",
    autofillHint: "Choisissez l'une des clés d'accès que votre navigateur propose pour ce site.",
  },
  oauth: {
    continueWith: (provider) => `Continuer avec ${provider}`,
    pending: (provider) => `En attente de ${provider}…`,
    cancelled: 'La fenêtre de connexion a été fermée. Réessayez quand vous serez prêt.',
    add: (provider) => `Associer ${provider}`,
    redirecting: (provider) => `Redirection vers ${provider}…`,
  },
  signIn: {
    title: 'Connexion à votre portefeuille',
    signingIn: 'Connexion en cours…',
    success: 'Vous êtes connecté.',
    or: 'ou',
    noMethods: "Ce compte n'a aucune méthode de connexion utilisable sur cet appareil.",
    expired: 'Votre session a expiré. Reconnectez-vous pour continuer.',
    keyMissing:
      'La clé de connexion de cet appareil a disparu (les données du site ont peut-être été effacées). Reconnectez-vous.',
    revoked: 'Cette session a été fermée depuis un autre appareil. Reconnectez-vous.',
  },
  session: {
    signOut: 'Se déconnecter',
    signingOut: 'Déconnexion…',
    expiresAt: (time) => `Expire ${time}`,
    refreshing: 'Renouvellement de votre session…',
    notKept:
      'Vous devrez vous reconnecter après avoir fermé ou rechargé cette page : ce navigateur ne peut pas conserver la clé de votre session (navigation privée ou stockage bloqué).',
    signedOutOffline: (time) =>
      `Vous êtes déconnecté sur cet appareil. Comme vous êtes hors ligne, la session reste valide sur le serveur jusqu'au ${time}.`,
  },
  credentials: {
    title: 'Méthodes de connexion',
    empty: 'Aucune méthode de connexion.',
    added: (date) => `Ajoutée le ${date}`,
    remove: (name) => `Supprimer ${name}`,
    removing: 'Suppression…',
    lastOne:
      "C'est votre seule méthode de connexion : elle ne peut pas être supprimée. Ajoutez-en une autre d'abord.",
    inUse: 'Utilisée pour cette session',
    inUseHint: 'Connectez-vous avec une autre méthode pour supprimer celle-ci.',
  },
  sessions: {
    title: 'Vos sessions ouvertes',
    empty: 'Aucune session active.',
    started: (date) => `Connecté le ${date}`,
    revoke: (name) => `Déconnecter ${name}`,
    revoking: 'Déconnexion…',
    revokeOthers: 'Déconnecter toutes les autres sessions',
    revokedOthers: 'Les autres sessions sont déconnectées.',
    device: (browser, system) => `${browser} sur ${system}`,
    unknownBrowser: 'Navigateur web',
    unknownSystem: 'un système inconnu',
    otherDevice: 'Un autre appareil ou navigateur',
    earlierSession: 'Une session précédente de ce navigateur',
    signedInWith: (method) => `Connecté avec ${method}`,
    lastActive: (date) => `Dernière activité le ${date}`,
    activeNow: 'Actif maintenant',
    signOutThisDevice: 'Se déconnecter de cet appareil',
  },
  confirm: {
    title: 'Confirmer avec votre clé de session',
    intro: 'Vous allez approuver :',
    approve: 'Approuver',
    reject: 'Annuler',
    expiresIn: (duration) => `Cette demande expire dans ${duration}.`,
    actions: {
      addCredential: 'Ajouter une méthode de connexion',
      removeCredential: 'Supprimer une méthode de connexion',
      refreshSession: 'Renouveler cette session',
      revokeSession: 'Déconnecter une session',
      exportWallet: 'Exporter la phrase de récupération du portefeuille',
      updatePrivacy: 'Modifier la confidentialité du portefeuille',
      updateContact: 'Modifier votre e-mail ou votre numéro de téléphone',
      transfer: 'Envoyer des fonds depuis votre portefeuille',
      unknown: 'Une action sur votre portefeuille',
    },
    approved: 'Approuvé.',
    summaryHidden:
      "Rien n'a été approuvé : le détail de cette demande n'est pas visible sur la page. Assurez-vous de pouvoir lire ce que vous approuvez, ou contactez le site.",
    facts: { email: 'Nouvelle adresse e-mail', phone: 'Nouveau numéro de téléphone' },
    transfer: {
      send: 'Vous envoyez',
      receive: 'Le destinataire reçoit',
      rate: 'Taux de change',
      fees: 'Frais inclus',
      to: 'Vers',
      ownAccount: (currency) => `Votre compte en ${currency}`,
      otherAccount: (ending) => `Compte se terminant par ${ending}`,
      expired:
        "Ce devis a expiré et ne peut plus être approuvé. Rien n'a été envoyé : annulez et recommencez le paiement.",
    },
  },
  accountSecurity: {
    title: 'Sécurité du compte',
    signedOut: 'Vous êtes déconnecté. Connectez-vous pour gérer la sécurité de votre compte.',
  },
  wallet: {
    title: 'Portefeuille',
    balance: 'Solde',
    total: 'Total, opérations en attente comprises',
    noWallet: 'Pas encore de portefeuille.',
    status: {
      PENDING: 'En cours de création',
      ACTIVE: 'Actif',
      CLOSED: 'Fermé',
      FROZEN: 'Gelé',
      FAILED: 'Création échouée',
    },
    transaction: {
      label: 'État du paiement',
      checking: 'Vérification du paiement…',
      status: {
        PENDING: 'En attente',
        PROCESSING: 'En cours',
        COMPLETED: 'Terminé',
        FAILED: 'Échoué',
      },
      amounts: (sent, received) => `${sent} envoyés, ${received} reçus`,
      settled: (date) => `Réglé le ${date}`,
    },
  },
  exportWallet: {
    title: 'Phrase de récupération',
    warning:
      'Toute personne qui voit cette phrase peut prendre tout le contenu de votre portefeuille. Ne la partagez jamais, ne la saisissez sur aucun site et vérifiez que personne ne regarde votre écran.',
    reveal: 'Afficher la phrase de récupération',
    revealing: 'Préparation de votre phrase de récupération…',
    hide: 'Masquer la phrase de récupération',
    hidden: 'La phrase de récupération est masquée.',
    phraseLabel: 'Votre phrase de récupération',
  },
  actions: {
    retry: 'Réessayer',
    wait: 'Patienter puis réessayer',
    signIn: 'Se reconnecter',
    useAnotherMethod: 'Utiliser une autre méthode',
    checkConnection: 'Vérifier la connexion',
    fixInput: 'Vérifier la saisie',
    contactSupport: "Contacter l'assistance",
    none: 'OK',
  },
  errorCases: {
    insufficientFunds:
      "Votre portefeuille ne contient pas assez pour ce paiement : rien n'a été envoyé. Ajoutez des fonds ou envoyez un montant plus petit.",
    quoteExpired:
      "Le devis a expiré avant l'approbation du paiement : rien n'a été envoyé. Recommencez le paiement pour obtenir un nouveau devis.",
    oauthIdentityMismatch:
      "Ce compte chez votre fournisseur d'identité n'est pas celui associé à ce portefeuille. Connectez-vous avec le compte associé ou choisissez un autre moyen.",
    oauthNonceMismatch:
      "La réponse du fournisseur d'identité ne correspondait pas à cette connexion : elle a été refusée. Réessayez.",
  },
  errors: {
    INVALID_INPUT: "Un élément de la demande n'a pas été accepté.",
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Ce compte a déjà une connexion par e-mail.',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'Ce compte a déjà une connexion par SMS.',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: "Cette clé d'accès est déjà configurée pour ce compte.",
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'Un autre compte utilise déjà cette adresse e-mail.',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED:
      'Vos méthodes de connexion ont changé entre-temps. Rechargez puis réessayez.',
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED: "L'adresse e-mail n'a pas pu être mise à jour partout.",
    UNAUTHORIZED: "Nous n'avons pas pu confirmer votre identité.",
    INVALID_SIGNATURE: "Nous n'avons pas pu confirmer votre identité.",
    WALLET_SIGNATURE_MISSING: "L'approbation n'a pas été envoyée. Réessayez.",
    WALLET_SIGNATURE_MALFORMED: "L'approbation est illisible. Réessayez.",
    WALLET_SIGNATURE_BODY_MISMATCH: 'La demande a changé après son approbation. Réessayez.',
    WALLET_SIGNATURE_INVALID: 'Votre session ne peut plus approuver d’actions. Reconnectez-vous.',
    REQUEST_ID_MISSING: "L'approbation était incomplète. Réessayez.",
    AMOUNT_OUT_OF_RANGE: 'Le montant dépasse le solde disponible.',
    CONFLICT: "C'est déjà fait.",
    NOT_FOUND: "Cet élément n'existe plus. Il a peut-être été supprimé depuis un autre appareil.",
    RATE_LIMITED: 'Trop de tentatives. Patientez un instant avant de réessayer.',
    DAILY_VOLUME_LIMIT_EXCEEDED: "Vous avez atteint la limite d'aujourd'hui.",
    SERVICE_SWITCH_ERROR: 'Le service du portefeuille est occupé. Réessayez dans un instant.',
    INTERNAL_ERROR:
      'Le service du portefeuille a rencontré un problème. Réessayez dans un instant.',
    FORBIDDEN: "Ce n'est pas autorisé pour le compte avec lequel vous êtes connecté.",
    METHOD_NOT_ALLOWED: "Le service de portefeuille de ce site n'accepte pas cette demande.",
    UPSTREAM_ERROR:
      'Le service du portefeuille est injoignable pour le moment. Réessayez dans un instant.',
    UPSTREAM_TIMEOUT:
      'Le service du portefeuille a mis trop de temps à répondre. Réessayez dans un instant.',
    SERVICE_UNAVAILABLE:
      'Le service est momentanément indisponible. Réessayez dans quelques secondes.',
    NETWORK_ERROR: 'Impossible de joindre le service du portefeuille. Vérifiez votre connexion.',
    TIMEOUT: 'Le service du portefeuille a mis trop de temps à répondre.',
    ABORTED: "Annulé. Rien n'a été modifié.",
    CHALLENGE_EXPIRED: "La demande a expiré avant d'être approuvée. Recommencez.",
    PROCESSING_TIMEOUT:
      'Le service du portefeuille traite encore la demande. Vérifiez dans une minute avant de réessayer.',
    REQUEST_ID_CONSUMED: 'Cette approbation a déjà été utilisée. Recommencez.',
    PASSKEY_UNSUPPORTED: "Ce navigateur ne prend pas en charge les clés d'accès.",
    PASSKEY_CANCELLED: "La fenêtre de la clé d'accès a été fermée.",
    INSECURE_CONTEXT: 'La connexion nécessite une page sécurisée (https).',
    CONFIGURATION_INVALID: "La connexion n'est pas correctement configurée sur ce site.",
    KEY_STORE_UNAVAILABLE:
      'Ce navigateur ne peut pas conserver de clé de connexion (navigation privée ou stockage bloqué).',
    KEY_STORE_CORRUPT:
      'La clé de connexion enregistrée sur cet appareil est endommagée. Reconnectez-vous.',
    KEY_EXTRACTABLE: "La clé de connexion n'est pas protégée comme il se doit.",
    KEY_USAGE_INVALID: 'La clé de connexion ne peut pas servir à cela.',
    STORAGE_QUOTA: "Ce navigateur n'a plus d'espace pour la clé de connexion.",
    SESSION_KEY_MISSING: "Cet appareil n'est plus connecté. Reconnectez-vous.",
    SESSION_EXPIRED: 'Votre session a expiré. Reconnectez-vous.',
    ENCODING_INVALID: 'Le service du portefeuille a envoyé des données illisibles.',
    PUBLIC_KEY_INVALID: 'Le service du portefeuille a envoyé une clé inutilisable.',
    OTP_CODE_INVALID: 'Les codes ne contiennent que des chiffres. Vérifiez le code.',
    BUNDLE_MALFORMED: 'Le service du portefeuille a envoyé des données illisibles.',
    BUNDLE_SIGNATURE_INVALID:
      "La réponse du service du portefeuille n'a pas pu être vérifiée : rien n'a été envoyé. Contactez l'assistance.",
    SEALED_KEY_MALFORMED: 'La clé de session reçue du service du portefeuille est illisible.',
    DECRYPT_FAILED: 'Les données du service du portefeuille n’ont pas pu être déchiffrées.',
    PAYLOAD_INTENT_MISMATCH:
      "Le service du portefeuille demandait d'approuver autre chose que votre demande : rien n'a été approuvé.",
    PROTOCOL_ERROR: 'Le service du portefeuille a répondu de façon inattendue.',
    OAUTH_CALLBACK_INVALID:
      'Cette réponse de connexion ne peut pas être utilisée : elle a expiré, a déjà servi ou appartient à une autre tentative. Recommencez la connexion.',
    UNKNOWN: "Une erreur s'est produite.",
  },
};
