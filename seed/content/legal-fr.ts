import { COMPANY, h, p, type SeedPage, table, ul } from "./blocks.ts";

/** Legal and information pages of the French store (/fr/cms/{slug}). */
export const legalFr: SeedPage[] = [
  {
    slug: "aviso-legal",
    kind: "legal",
    title: "Mentions légales",
    metaDescription: "Identification de l'éditeur du site BañoDirecto et conditions d'utilisation.",
    intro: "Conformément à la loi pour la confiance dans l'économie numérique (LCEN), voici qui édite cette boutique et les conditions d'utilisation du site.",
    blocks: [
      h("Éditeur du site"),
      ul(`Raison sociale : ${COMPANY.name}`, `Siège : ${COMPANY.address}`, `Immatriculée au ${COMPANY.registry}`, `E-mail : ${COMPANY.frEmail}`),
      h("Objet"),
      p(
        "Ce site est une boutique en ligne de produits pour la rénovation de la salle de bain (receveurs de douche, parois, WC, baignoires, meubles, robinetterie et accessoires). L'accès au site est gratuit.",
      ),
      h("Propriété intellectuelle"),
      p(
        "Les textes, illustrations, la mise en page, les logos et le code du site appartiennent à l'éditeur ou à ses concédants. Les marques des fabricants appartiennent à leurs propriétaires. Toute reproduction sans autorisation est interdite, sauf pour un usage personnel et privé.",
      ),
      h("Responsabilité"),
      p(
        "Nous veillons à l'exactitude des informations sur les produits, dimensions et prix. Si vous constatez une erreur, écrivez-nous et nous la corrigerons.",
      ),
      h("Droit applicable"),
      p(
        "Les relations avec les consommateurs sont régies par le droit applicable dans leur pays de résidence lorsqu'il est plus protecteur. Vous pouvez aussi recourir à la plateforme européenne de règlement en ligne des litiges (https://ec.europa.eu/consumers/odr).",
      ),
    ],
  },
  {
    slug: "condiciones-de-venta",
    kind: "legal",
    title: "Conditions générales de vente",
    metaDescription:
      "Commandes, prix, moyens de paiement (carte, PayPal, virement, Klarna, Scalapay), livraison, rétractation de 14 jours et garantie de 3 ans.",
    intro:
      "Ces conditions régissent les achats effectués sur BañoDirecto France. Lisez-les avant de valider votre commande : elles sont courtes et rédigées pour être comprises.",
    blocks: [
      h("Prix"),
      p(
        "Les prix sont indiqués en euros TTC (TVA française de 20 % incluse). Les frais de livraison s'affichent séparément dans le panier avant le paiement. Le prix applicable est celui affiché au moment de la validation de la commande.",
      ),
      h("Moyens de paiement"),
      ul(
        "Carte bancaire, Google Pay et Apple Pay : débit à la validation de la commande.",
        "PayPal : la commission PayPal éventuelle est indiquée dans le panier avant le paiement.",
        "Virement bancaire : nous confirmons la commande dans les 24 heures suivant la réception du virement.",
        "Klarna : paiement en 3 fois sans frais, une échéance tous les 30 jours, sous réserve d'acceptation par Klarna.",
        "Scalapay : paiement en 3 ou 4 fois sans frais, sous réserve d'acceptation par Scalapay.",
      ),
      h("Livraison"),
      p("Nous livrons en France métropolitaine continentale. Les délais sont indiqués en jours ouvrés (hors week-ends et jours fériés) sur chaque produit."),
      table(
        "Zones de livraison",
        ["Zone", "Codes postaux", "Conditions"],
        [
          ["France continentale", "Autres codes", "Livraison selon le tarif affiché dans le panier"],
          ["Corse", "20xxx", "Pas de livraison"],
          ["Outre-mer", "97xxx et 98xxx", "Pas de livraison"],
        ],
      ),
      h("Produits abîmés ou défectueux"),
      p(
        "Signalez-nous tout dommage ou défaut visible dans les 24 heures suivant la livraison, avec des photos du produit et de l'emballage. Nous pourrons ainsi ouvrir un litige avec le transporteur et vous renvoyer une pièce ou un produit neuf sans frais.",
      ),
      h("Droit de rétractation : 14 jours"),
      p(
        "Vous disposez de 14 jours à compter de la livraison pour vous rétracter sans motif. Le produit doit nous revenir non utilisé, non posé et dans son emballage d'origine. Nous vous remboursons par le même moyen de paiement sous 14 jours à compter de la réception du retour. Les frais de retour sont à votre charge, sauf produit défectueux ou non conforme. Les produits fabriqués sur mesure sont exclus du droit de rétractation.",
      ),
      h("Garantie : 3 ans"),
      p(
        "Tous nos produits bénéficient d'une garantie de 3 ans à compter de la livraison contre les défauts de conformité. Munissez-vous du numéro de commande, d'une description du problème et de photos. La garantie ne couvre pas l'usure normale, une pose non conforme aux instructions du fabricant ni l'usage de produits abrasifs.",
      ),
      h("Service client"),
      p(`Pour toute question ou réclamation : ${COMPANY.frEmail}.`),
    ],
  },
  {
    slug: "politica-de-privacidad",
    kind: "legal",
    title: "Politique de confidentialité",
    metaDescription: "Quelles données personnelles nous traitons, pourquoi, combien de temps, et comment exercer vos droits.",
    intro: "Nous traitons vos données uniquement pour ce dont vous avez besoin : vos commandes, vos questions et votre compte client.",
    blocks: [
      h("Responsable du traitement"),
      p(`${COMPANY.name}, ${COMPANY.address}. Contact : ${COMPANY.dpoEmail}.`),
      h("Données traitées"),
      table(
        "Traitements",
        ["Finalité", "Données", "Base légale", "Durée de conservation"],
        [
          [
            "Commandes, livraisons, factures et garanties",
            "Nom, prénom, e-mail, téléphone, adresses, identifiant fiscal de facturation",
            "Exécution du contrat, obligations légales",
            "6 ans",
          ],
          ["Compte client", "E-mail, mot de passe chiffré, profil, favoris", "Exécution du contrat", "Jusqu'à la suppression du compte"],
          ["Questions sur les produits", "Nom, e-mail, téléphone facultatif, question", "Consentement", "1 an après la réponse"],
        ],
      ),
      h("Destinataires"),
      p("Transporteurs et prestataires de paiement, uniquement pour exécuter votre commande. Nous ne vendons jamais vos données."),
      h("Vos droits"),
      p(`Accès, rectification, effacement, opposition, limitation et portabilité : écrivez à ${COMPANY.dpoEmail}. Vous pouvez saisir la CNIL (www.cnil.fr).`),
    ],
  },
  {
    slug: "politica-de-cookies",
    kind: "legal",
    title: "Politique de cookies",
    metaDescription: "Les cookies utilisés par BañoDirecto : uniquement ceux nécessaires au fonctionnement, aucun cookie d'analyse sans votre consentement.",
    intro: "Nous utilisons très peu de cookies. Voici la liste exacte et leur utilité.",
    blocks: [
      h("Cookies utilisés"),
      table(
        "Cookies de BañoDirecto",
        ["Cookie", "Utilité", "Type", "Durée"],
        [
          ["locale", "Mémorise la langue de la boutique visitée (es ou fr)", "Technique, interne", "365 jours"],
          ["cookie_consent", "Mémorise votre choix (accepter ou refuser les cookies facultatifs)", "Technique, interne", "6 mois"],
        ],
      ),
      p("Ces deux cookies sont nécessaires au fonctionnement du site et ne demandent pas de consentement. Ils ne contiennent ni votre nom ni votre e-mail."),
      h("Mesure d'audience et publicité"),
      p(
        "Aucun cookie de mesure d'audience, de publicité ou de réseaux sociaux n'est déposé sans votre consentement. Si vous refusez, la boutique fonctionne exactement de la même façon.",
      ),
      h("Stockage local"),
      p(
        "Votre panier, vos favoris en tant qu'invité et les produits consultés récemment sont conservés dans le stockage local de votre navigateur. Ils ne sont transmis à aucun tiers.",
      ),
      h("Modifier votre choix"),
      p("Supprimez le cookie cookie_consent dans les réglages de votre navigateur : nous vous reposerons la question à votre prochaine visite."),
    ],
  },
  {
    slug: "proteccion-de-datos",
    kind: "legal",
    title: "Protection des données",
    metaDescription: "Informations essentielles sur la protection des données dans les formulaires de BañoDirecto.",
    intro: "Les informations que le RGPD nous impose de vous donner dans chaque formulaire, réunies en un seul endroit.",
    blocks: [
      table(
        "Informations essentielles",
        ["", ""],
        [
          ["Responsable", COMPANY.name],
          ["Finalité", "Gérer vos commandes, votre compte et vos questions"],
          ["Base légale", "Exécution du contrat de vente ; consentement pour les questions"],
          ["Destinataires", "Transporteurs et prestataires de paiement, seulement si nécessaire"],
          ["Droits", "Accès, rectification, effacement, opposition, limitation et portabilité"],
        ],
      ),
      h("Exercer vos droits"),
      p(
        `Écrivez à ${COMPANY.dpoEmail} en précisant le droit que vous souhaitez exercer. Réponse sous un mois maximum. Vous pouvez saisir la CNIL (www.cnil.fr).`,
      ),
    ],
  },
];
