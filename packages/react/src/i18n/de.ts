import type { WalletAuthMessages } from './en.js';
import { selectPlural } from './format.js';

/** The German message catalogue (addressing the person as „Sie“). */
export const de: WalletAuthMessages = {
  locale: 'de',
  common: {
    processing: 'Der Wallet-Dienst bestätigt noch. Das kann einige Sekunden dauern.',
    loading: 'Wird geladen…',
    retry: 'Erneut versuchen',
    cancel: 'Abbrechen',
    offline: 'Sie sind offline. Es geht weiter, sobald die Verbindung zurück ist.',
    thisDevice: 'Dieses Gerät',
    details: 'Details',
    done: 'Fertig',
  },
  credentialTypes: {
    PASSKEY: 'Passkey',
    OAUTH: 'Anmeldung über ein Konto',
    EMAIL_OTP: 'Code per E-Mail',
    SMS_OTP: 'Code per SMS',
  },
  otp: {
    codeLabel: 'Bestätigungscode',
    sendEmail: 'Code per E-Mail senden',
    sendSms: 'Code per SMS senden',
    sending: (destination) => `Code wird an ${destination} gesendet…`,
    resending: (destination) => `Neuer Code wird an ${destination} gesendet…`,
    enterCode: (length, destination) =>
      `Geben Sie den ${length}-stelligen Code ein, den wir an ${destination} gesendet haben.`,
    verifying: 'Code wird geprüft…',
    wrongCode: (attemptsLeft) =>
      attemptsLeft === undefined
        ? 'Dieser Code ist nicht richtig. Prüfen Sie ihn und versuchen Sie es erneut.'
        : selectPlural('de', attemptsLeft, {
            '=1': 'Dieser Code ist nicht richtig. Noch 1 Versuch vor einer kurzen Sperre.',
            one: `Dieser Code ist nicht richtig. Noch ${attemptsLeft} Versuch.`,
            other: `Dieser Code ist nicht richtig. Noch ${attemptsLeft} Versuche.`,
          }),
    codeExpired: 'Dieser Code ist abgelaufen. Fordern Sie einen neuen an.',
    resend: 'Neuen Code senden',
    resendIn: (duration) => `Sie können in ${duration} einen neuen Code anfordern.`,
    signedIn: 'Sie sind angemeldet.',
    useAnotherCode: 'Andere Methode verwenden',
    locked: (duration) =>
      `Zu viele falsche Codes. Zu Ihrer Sicherheit können Sie es in ${duration} erneut versuchen.`,
    notChecked:
      'Die Verbindung wurde unterbrochen, bevor der Code geprüft werden konnte. Er wird geprüft, sobald Sie wieder online sind.',
    checkAgain: 'Code erneut prüfen',
  },
  rateLimit: {
    wait: (duration) => `Zu viele Versuche. Sie können es in ${duration} erneut versuchen.`,
    over: 'Sie können es jetzt erneut versuchen.',
  },
  passkey: {
    signIn: 'Mit einem Passkey anmelden',
    signInWith: (name) => `Mit dem Passkey „${name}“ anmelden`,
    pending: 'Warten auf Ihren Passkey…',
    cancelled:
      'Das Passkey-Fenster wurde geschlossen. Versuchen Sie es erneut, wenn Sie so weit sind.',
    unsupported:
      'Dieser Browser unterstützt keine Passkeys. Wählen Sie eine andere Anmeldemethode.',
    unsupportedAdd:
      'Dieser Browser unterstützt keine Passkeys, daher können Sie hier keinen hinzufügen.',
    add: 'Passkey hinzufügen',
    adding: 'Ihr Passkey wird erstellt…',
    added: 'Passkey hinzugefügt.',
    defaultNickname: 'Passkey',
    notOnDevice:
      'Es wurde kein Passkey verwendet. Wenn Ihr Passkey auf einem anderen Gerät ist, verwenden Sie dieses Gerät oder wählen Sie eine andere Anmeldemethode.',
    otherAccount:
      'Dieser Passkey gehört zu einem anderen Konto. Wählen Sie den Passkey dieses Kontos oder eine andere Anmeldemethode.',
    autofillLabel: 'Gespeicherter Passkey',
    autofillHint: 'Wählen Sie einen der Passkeys, die Ihr Browser für diese Website anbietet.',
  },
  oauth: {
    continueWith: (provider) => `Weiter mit ${provider}`,
    pending: (provider) => `Warten auf ${provider}…`,
    cancelled:
      'Das Anmeldefenster wurde geschlossen. Versuchen Sie es erneut, wenn Sie so weit sind.',
    add: (provider) => `${provider} verknüpfen`,
    redirecting: (provider) => `Weiterleitung zu ${provider}…`,
  },
  signIn: {
    title: 'Bei Ihrer Wallet anmelden',
    signingIn: 'Sie werden angemeldet…',
    success: 'Sie sind angemeldet.',
    or: 'oder',
    noMethods: 'Dieses Konto hat keine Anmeldemethode, die auf diesem Gerät funktioniert.',
    expired: 'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um fortzufahren.',
    keyMissing:
      'Der Anmeldeschlüssel dieses Geräts fehlt (vielleicht wurden die Website-Daten gelöscht). Melden Sie sich erneut an.',
    revoked: 'Diese Sitzung wurde von einem anderen Gerät beendet. Melden Sie sich erneut an.',
  },
  session: {
    signOut: 'Abmelden',
    signingOut: 'Abmeldung…',
    expiresAt: (time) => `Läuft ab: ${time}`,
    refreshing: 'Ihre Sitzung wird verlängert…',
    notKept:
      'Nach dem Schließen oder Neuladen dieser Seite müssen Sie sich erneut anmelden: Dieser Browser kann den Schlüssel Ihrer Sitzung nicht speichern (privates Surfen oder blockierter Speicher).',
    signedOutOffline: (time) =>
      `Sie sind auf diesem Gerät abgemeldet. Da Sie offline sind, bleibt die Sitzung auf dem Server bis ${time} gültig.`,
  },
  credentials: {
    title: 'Anmeldemethoden',
    empty: 'Keine Anmeldemethoden.',
    added: (date) => `Hinzugefügt am ${date}`,
    remove: (name) => `${name} entfernen`,
    removing: 'Wird entfernt…',
    lastOne:
      'Dies ist Ihre einzige Anmeldemethode und kann daher nicht entfernt werden. Fügen Sie zuerst eine weitere hinzu.',
    inUse: 'Für diese Sitzung verwendet',
    inUseHint: 'Melden Sie sich mit einer anderen Methode an, um diese zu entfernen.',
  },
  sessions: {
    title: 'Wo Sie angemeldet sind',
    empty: 'Keine aktiven Sitzungen.',
    started: (date) => `Angemeldet am ${date}`,
    revoke: (name) => `${name} abmelden`,
    revoking: 'Abmeldung…',
    revokeOthers: 'Alle anderen Sitzungen abmelden',
    revokedOthers: 'Die anderen Sitzungen wurden abgemeldet.',
    device: (browser, system) => `${browser} unter ${system}`,
    unknownBrowser: 'Webbrowser',
    unknownSystem: 'einem unbekannten System',
    otherDevice: 'Ein anderes Gerät oder ein anderer Browser',
    earlierSession: 'Eine frühere Sitzung dieses Browsers',
    signedInWith: (method) => `Angemeldet mit ${method}`,
    lastActive: (date) => `Zuletzt aktiv: ${date}`,
    activeNow: 'Jetzt aktiv',
    signOutThisDevice: 'Auf diesem Gerät abmelden',
  },
  confirm: {
    title: 'Mit Ihrem Sitzungsschlüssel bestätigen',
    intro: 'Sie sind dabei, Folgendes zu genehmigen:',
    approve: 'Genehmigen',
    reject: 'Abbrechen',
    expiresIn: (duration) => `Diese Anfrage läuft in ${duration} ab.`,
    actions: {
      addCredential: 'Eine Anmeldemethode hinzufügen',
      removeCredential: 'Eine Anmeldemethode entfernen',
      refreshSession: 'Diese Sitzung verlängern',
      revokeSession: 'Eine Sitzung abmelden',
      exportWallet: 'Die Wiederherstellungsphrase der Wallet exportieren',
      updatePrivacy: 'Die Privatsphäre der Wallet ändern',
      updateContact: 'Ihre E-Mail-Adresse oder Telefonnummer ändern',
      transfer: 'Geld aus Ihrer Wallet senden',
      unknown: 'Eine Aktion in Ihrer Wallet',
    },
    approved: 'Genehmigt.',
    summaryHidden:
      'Es wurde nichts genehmigt: Die Einzelheiten dieser Anfrage sind auf der Seite nicht sichtbar. Stellen Sie sicher, dass Sie lesen können, was Sie genehmigen, oder wenden Sie sich an die Website.',
    facts: { email: 'Neue E-Mail-Adresse', phone: 'Neue Telefonnummer' },
    transfer: {
      send: 'Sie senden',
      receive: 'Empfänger erhält',
      rate: 'Wechselkurs',
      fees: 'Enthaltene Gebühren',
      to: 'An',
      ownAccount: (currency) => `Ihr ${currency}-Konto`,
      otherAccount: (ending) => `Konto mit der Endung ${ending}`,
      expired:
        'Dieses Angebot ist abgelaufen und kann nicht mehr genehmigt werden. Es wurde nichts gesendet: Brechen Sie ab und starten Sie die Zahlung neu.',
    },
  },
  accountSecurity: {
    title: 'Kontosicherheit',
    signedOut:
      'Sie sind abgemeldet. Melden Sie sich an, um die Sicherheit Ihres Kontos zu verwalten.',
  },
  wallet: {
    title: 'Wallet',
    balance: 'Guthaben',
    total: 'Gesamt, einschließlich ausstehender Beträge',
    noWallet: 'Noch keine Wallet.',
    status: {
      PENDING: 'Wird eingerichtet',
      ACTIVE: 'Aktiv',
      CLOSED: 'Geschlossen',
      FROZEN: 'Eingefroren',
      FAILED: 'Einrichtung fehlgeschlagen',
    },
    transaction: {
      label: 'Zahlungsstatus',
      checking: 'Zahlung wird geprüft…',
      status: {
        PENDING: 'Ausstehend',
        PROCESSING: 'In Bearbeitung',
        COMPLETED: 'Abgeschlossen',
        FAILED: 'Fehlgeschlagen',
      },
      amounts: (sent, received) => `${sent} gesendet, ${received} empfangen`,
      settled: (date) => `Abgewickelt am ${date}`,
    },
  },
  exportWallet: {
    title: 'Wiederherstellungsphrase',
    warning:
      'Wer diese Phrase sieht, kann alles aus Ihrer Wallet nehmen. Geben Sie sie niemals weiter, tippen Sie sie nie auf einer Website ein und achten Sie darauf, dass niemand auf Ihren Bildschirm schaut.',
    reveal: 'Wiederherstellungsphrase anzeigen',
    revealing: 'Ihre Wiederherstellungsphrase wird vorbereitet…',
    hide: 'Wiederherstellungsphrase ausblenden',
    hidden: 'Die Wiederherstellungsphrase ist ausgeblendet.',
    phraseLabel: 'Ihre Wiederherstellungsphrase',
  },
  actions: {
    retry: 'Erneut versuchen',
    wait: 'Warten und erneut versuchen',
    signIn: 'Erneut anmelden',
    useAnotherMethod: 'Andere Methode verwenden',
    checkConnection: 'Verbindung prüfen',
    fixInput: 'Eingabe prüfen',
    contactSupport: 'Support kontaktieren',
    none: 'Verstanden',
  },
  errorCases: {
    insufficientFunds:
      'Ihr Wallet enthält nicht genug für diese Zahlung, daher wurde nichts gesendet. Fügen Sie Guthaben hinzu oder senden Sie einen kleineren Betrag.',
    quoteExpired:
      'Das Angebot ist abgelaufen, bevor die Zahlung genehmigt wurde, daher wurde nichts gesendet. Starten Sie die Zahlung erneut, um ein neues Angebot zu erhalten.',
    oauthIdentityMismatch:
      'Dieses Konto bei Ihrem Identitätsanbieter ist nicht das mit dieser Wallet verknüpfte. Melden Sie sich dort mit dem verknüpften Konto an oder wählen Sie eine andere Methode.',
    oauthNonceMismatch:
      'Die Antwort des Identitätsanbieters passte nicht zu dieser Anmeldung und wurde abgelehnt. Versuchen Sie es erneut.',
  },
  errors: {
    INVALID_INPUT: 'Etwas in der Anfrage wurde nicht akzeptiert.',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'Dieses Konto hat bereits eine Anmeldung per E-Mail.',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'Dieses Konto hat bereits eine Anmeldung per SMS.',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'Dieser Passkey ist für dieses Konto bereits eingerichtet.',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'Ein anderes Konto verwendet diese E-Mail-Adresse bereits.',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED:
      'Ihre Anmeldemethoden haben sich inzwischen geändert. Laden Sie neu und versuchen Sie es erneut.',
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED:
      'Die E-Mail-Adresse konnte nicht überall aktualisiert werden.',
    UNAUTHORIZED: 'Wir konnten nicht bestätigen, dass Sie es sind.',
    INVALID_SIGNATURE: 'Wir konnten nicht bestätigen, dass Sie es sind.',
    WALLET_SIGNATURE_MISSING: 'Die Genehmigung wurde nicht gesendet. Versuchen Sie es erneut.',
    WALLET_SIGNATURE_MALFORMED:
      'Die Genehmigung konnte nicht gelesen werden. Versuchen Sie es erneut.',
    WALLET_SIGNATURE_BODY_MISMATCH:
      'Die Anfrage hat sich nach der Genehmigung geändert. Versuchen Sie es erneut.',
    WALLET_SIGNATURE_INVALID:
      'Ihre Sitzung kann keine Aktionen mehr genehmigen. Melden Sie sich erneut an.',
    REQUEST_ID_MISSING: 'Die Genehmigung war unvollständig. Versuchen Sie es erneut.',
    AMOUNT_OUT_OF_RANGE: 'Der Betrag übersteigt das verfügbare Guthaben.',
    CONFLICT: 'Das wurde bereits erledigt.',
    NOT_FOUND: 'Das gibt es nicht mehr. Es wurde vielleicht auf einem anderen Gerät entfernt.',
    RATE_LIMITED: 'Zu viele Versuche. Warten Sie einen Moment, bevor Sie es erneut versuchen.',
    DAILY_VOLUME_LIMIT_EXCEEDED: 'Sie haben das heutige Limit erreicht.',
    SERVICE_SWITCH_ERROR: 'Der Wallet-Dienst ist ausgelastet. Versuchen Sie es gleich erneut.',
    INTERNAL_ERROR:
      'Beim Wallet-Dienst ist ein Problem aufgetreten. Versuchen Sie es gleich erneut.',
    FORBIDDEN: 'Für das Konto, mit dem Sie angemeldet sind, ist das nicht erlaubt.',
    METHOD_NOT_ALLOWED: 'Der Wallet-Dienst dieser Website nimmt diese Anfrage nicht an.',
    UPSTREAM_ERROR:
      'Der Wallet-Dienst ist gerade nicht erreichbar. Versuchen Sie es gleich erneut.',
    UPSTREAM_TIMEOUT:
      'Der Wallet-Dienst hat zu lange nicht geantwortet. Versuchen Sie es gleich erneut.',
    SERVICE_UNAVAILABLE:
      'Der Dienst ist gerade nicht erreichbar. Versuchen Sie es in ein paar Sekunden erneut.',
    NETWORK_ERROR: 'Wir konnten den Wallet-Dienst nicht erreichen. Prüfen Sie Ihre Verbindung.',
    TIMEOUT: 'Der Wallet-Dienst hat zu lange nicht geantwortet.',
    ABORTED: 'Abgebrochen. Es wurde nichts geändert.',
    CHALLENGE_EXPIRED: 'Die Anfrage ist vor der Genehmigung abgelaufen. Beginnen Sie von vorn.',
    PROCESSING_TIMEOUT:
      'Der Wallet-Dienst arbeitet noch daran. Prüfen Sie es in einer Minute, bevor Sie es erneut versuchen.',
    REQUEST_ID_CONSUMED: 'Diese Genehmigung wurde bereits verwendet. Beginnen Sie von vorn.',
    PASSKEY_UNSUPPORTED: 'Dieser Browser unterstützt keine Passkeys.',
    PASSKEY_CANCELLED: 'Das Passkey-Fenster wurde geschlossen.',
    INSECURE_CONTEXT: 'Die Anmeldung erfordert eine sichere Seite (https).',
    CONFIGURATION_INVALID: 'Die Anmeldung ist auf dieser Website nicht richtig eingerichtet.',
    KEY_STORE_UNAVAILABLE:
      'Dieser Browser kann keinen Anmeldeschlüssel speichern (privater Modus oder Speicher blockiert).',
    KEY_STORE_CORRUPT:
      'Der gespeicherte Anmeldeschlüssel dieses Geräts ist beschädigt. Melden Sie sich erneut an.',
    KEY_EXTRACTABLE: 'Der Anmeldeschlüssel ist nicht wie erforderlich geschützt.',
    KEY_USAGE_INVALID: 'Der Anmeldeschlüssel kann dafür nicht verwendet werden.',
    STORAGE_QUOTA: 'Dieser Browser hat keinen Speicherplatz mehr für den Anmeldeschlüssel.',
    SESSION_KEY_MISSING: 'Dieses Gerät ist nicht mehr angemeldet. Melden Sie sich erneut an.',
    SESSION_EXPIRED: 'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an.',
    ENCODING_INVALID: 'Der Wallet-Dienst hat Daten gesendet, die wir nicht lesen konnten.',
    PUBLIC_KEY_INVALID:
      'Der Wallet-Dienst hat einen Schlüssel gesendet, den wir nicht verwenden konnten.',
    OTP_CODE_INVALID: 'Codes bestehen nur aus Ziffern. Prüfen Sie den Code.',
    BUNDLE_MALFORMED: 'Der Wallet-Dienst hat Daten gesendet, die wir nicht lesen konnten.',
    BUNDLE_SIGNATURE_INVALID:
      'Die Antwort des Wallet-Dienstes konnte nicht überprüft werden, daher wurde nichts gesendet. Kontaktieren Sie den Support.',
    SEALED_KEY_MALFORMED: 'Der Sitzungsschlüssel des Wallet-Dienstes konnte nicht gelesen werden.',
    DECRYPT_FAILED: 'Die Daten des Wallet-Dienstes konnten nicht entschlüsselt werden.',
    PAYLOAD_INTENT_MISMATCH:
      'Der Wallet-Dienst wollte etwas anderes genehmigen lassen, als Sie angefordert haben, daher wurde nichts genehmigt.',
    PROTOCOL_ERROR: 'Der Wallet-Dienst hat unerwartet geantwortet.',
    OAUTH_CALLBACK_INVALID:
      'Diese Anmeldeantwort kann nicht verwendet werden: Sie ist abgelaufen, wurde bereits verwendet oder gehört zu einem anderen Versuch. Beginnen Sie die Anmeldung von vorn.',
    UNKNOWN: 'Etwas ist schiefgelaufen.',
  },
};
