import type { DemoMessages } from './en.js';

/** The demo's own words in French. */
export const fr: DemoMessages = {
  brand: { name: 'Portefeuille de démo', sub: 'Wallet Auth Kit · bac à sable' },
  controls: {
    language: 'Langue',
    darkTheme: 'Thème sombre',
    lightTheme: 'Thème clair',
    switchUser: "Changer d'utilisateur de démo",
    loading: 'Chargement…',
  },
  signUp: {
    title: 'Créez votre portefeuille',
    intro:
      'Saisissez un e-mail pour ouvrir un compte. Un portefeuille auto-géré vous est attribué, protégé par des clés qui ne quittent jamais ce navigateur.',
    email: 'E-mail',
    submit: 'Continuer',
    pending: 'Création de votre portefeuille…',
    failed: "L'inscription a échoué. Réessayez.",
    offline: 'Vous êtes hors ligne. Votre portefeuille sera créé dès le retour de la connexion.',
    unreachable: "Le serveur de démo est injoignable. Vérifiez qu'il fonctionne, puis réessayez.",
    invalidEmail: 'Saisissez une adresse e-mail valide, comme nom@exemple.com.',
    retry: 'Réessayer',
    loadFailed:
      "Votre compte de démo n'a pas pu être chargé : le serveur est injoignable. Il se chargera dès le retour de la connexion.",
  },
  signIn: {
    title: 'Bon retour',
    intro: (email) => (
      <>
        Connecté à la démo en tant que {email}. Votre portefeuille a sa propre connexion :
        choisissez une méthode ci-dessous.
      </>
    ),
    hint: (code) => <>Bac à sable : aucun e-mail n'est envoyé. Le code est toujours {code}.</>,
    identityProvider: 'Demo Identity',
    titleNew: 'Ouvrez votre portefeuille',
    oauthMode: "Demo Identity s'ouvre dans",
    oauthPopup: 'Une fenêtre pop-up',
    oauthRedirect: 'Cet onglet',
    passkeyAutofill: 'Proposer les clés d’accès dans la saisie automatique',
  },
  wallet: {
    title: 'Votre portefeuille',
    addFunds: 'Ajouter 100 USDC de fonds de test',
    addingFunds: 'Ajout des fonds de test…',
    fundsAdded: 'Fonds de test ajoutés.',
    fundsFailed: "Impossible d'ajouter les fonds de test. Réessayez.",
    payTitle: 'Payer la boutique de démo',
    payIntro:
      'Un virement dans la même devise depuis votre portefeuille, signé par la clé de session de cet appareil.',
    amount: 'Montant (USDC)',
    send: 'Envoyer',
    sent: (amount, destination) => `${amount} envoyés à ${destination}.`,
    shopName: 'la boutique de démo',
    overBalance: (balance) =>
      `Votre portefeuille contient ${balance}, moins que ce montant. Ajoutez des fonds de test ou saisissez un montant plus petit.`,
    changeAmount: 'Modifier le montant',
    cashOutTitle: 'Retirer vers votre compte en USD',
    cashOutIntro:
      "Transfère des USDC de votre portefeuille vers votre propre compte en USD, convertis au taux du devis. L'approbation montre ce qui part, ce qui arrive et le taux.",
    cashOut: 'Retirer',
    cashedOut: (sent, received) =>
      `${sent} retirés : ${received} arrivent sur votre compte en USD.`,
    noUsdAccount: "Votre compte en USD n'est pas encore prêt.",
    privacyKept: (enabled) =>
      `Votre session a pris fin avant que le portefeuille ne devienne ${enabled ? 'privé' : 'public'} : rien n'a changé.`,
    privacyRepeat: (enabled) =>
      enabled
        ? 'Rendre le portefeuille privé maintenant'
        : 'Rendre le portefeuille public maintenant',
    dismiss: 'Ignorer',
    orderDescription: 'Commande de la boutique de démo',
    accountsTitle: 'Tous vos comptes',
    loadingAccounts: 'Chargement des comptes…',
    accountNames: {
      EMBEDDED_WALLET: 'Portefeuille (auto-géré)',
      INTERNAL_FIAT: 'Compte espèces',
      INTERNAL_CRYPTO: 'Compte crypto',
      RULE_BASED: 'Compte de collecte',
    },
    privacyTitle: 'Confidentialité',
    privacySwitch: 'Portefeuille privé (masquer les soldes des vues partagées de la plateforme)',
    progress: {
      awaitingApproval: 'En attente de votre approbation…',
      sending: 'Envoi…',
      signing: 'Signature avec la clé de cet appareil…',
      processing: 'Règlement en cours auprès du fournisseur du portefeuille…',
      rateLimited: 'Trop de requêtes ; nouvel essai dans un instant…',
    },
  },
  startFailed: (reason) =>
    `La démo n'a pas pu démarrer : ${reason}. Le serveur de démo est-il lancé ? Démarrez-le avec npm run demo.`,
};
