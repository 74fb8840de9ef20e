import { faq, figure, h, links, ol, p, type SeedPage, steps, table, tip, ul } from "./blocks.ts";

/** About us, buying guides and how-to-measure pages of the French store (same paths under /fr). */
export const pagesFr: SeedPage[] = [
  {
    slug: "quienes-somos",
    kind: "page",
    title: "Qui sommes-nous",
    metaDescription: "BañoDirecto : boutique en ligne spécialisée dans la rénovation de salle de bain, avec conseils techniques et livraison à domicile.",
    intro:
      "Nous sommes une boutique en ligne spécialisée dans une seule pièce de la maison : la salle de bain. Nous vendons ce qu'il faut pour la rénover et nous vous aidons à bien choisir avant d'acheter.",
    blocks: [
      h("Ce que nous faisons"),
      p(
        "Nous sélectionnons receveurs de douche, parois, WC, baignoires, meubles, vasques et robinetterie auprès de fabricants avec qui nous travaillons en direct. De nombreux produits se configurent sur mesure : dimensions, couleur, finition et accessoires, avec le prix final affiché avant l'ajout au panier.",
      ),
      h("Nos engagements"),
      ul(
        "Des conseils avant l'achat, par e-mail : dimensions, évacuation, compatibilités.",
        "Des prix clairs : TVA et livraison affichées avant le paiement.",
        "Livraison à domicile avec suivi en France continentale.",
        "14 jours pour changer d'avis et 3 ans de garantie sur tous les produits.",
      ),
      links(
        ["Bien choisir son receveur de douche", "/como-elegir-tu-plato-de-ducha-15"],
        ["Mesurer une paroi de douche", "/como-medir-una-mampara"],
        ["Choisir une baignoire balnéo", "/como-elegir-baneras-de-hidromasaje-16"],
      ),
      h("Contact"),
      p("Service client : bonjour@banodirecto.fr."),
    ],
  },
  {
    slug: "como-elegir-tu-plato-de-ducha-15",
    kind: "guide",
    title: "Bien choisir son receveur de douche",
    metaDescription:
      "Guide pour choisir un receveur de douche : dimensions, matériaux (résine, acrylique, céramique), antidérapant, évacuation et erreurs à éviter.",
    intro:
      "Remplacer la baignoire par une douche est la rénovation de salle de bain la plus demandée. Le bon receveur dépend de quatre points : la taille de l'emplacement, le matériau, la position de l'évacuation et la classe antidérapante.",
    blocks: [
      h("1. Mesurez l'emplacement, pas l'ancien receveur"),
      p(
        "Mesurez l'espace de mur à mur en trois points (en haut, au milieu, en bas) et retenez la plus petite valeur. Les murs sont rarement droits : 1 cm d'écart est courant.",
      ),
      figure("tray-sizes", "Dimensions courantes : de 70 à 90 cm de profondeur et de 80 à 200 cm de longueur."),
      ul(
        "Pour remplacer une baignoire de 170 cm, un receveur de 160 ou 170 × 70 cm occupe tout l'espace.",
        "Dans une petite salle de bain, 80 × 80 cm est le minimum confortable ; 90 × 90 cm laisse les coudes libres.",
        "Un receveur en résine se recoupe : commandez la taille standard supérieure et coupez-le sur place.",
      ),
      h("2. Choisissez le matériau"),
      table(
        "Matériaux de receveur",
        ["Matériau", "Avantages", "Points d'attention"],
        [
          ["Résine à charge minérale", "Recoupable, effet ardoise, très résistant, extra-plat", "Plus lourd ; pas de nettoyant abrasif"],
          ["Acrylique", "Léger, agréable au toucher, économique", "Moins rigide : support parfaitement plan"],
          ["Céramique", "Très durable, facile à nettoyer", "Non recoupable ; dimensions fixes"],
        ],
      ),
      h("3. Antidérapant"),
      p("La glissance est classée de 0 à 3. Pour une douche, exigez au moins la classe 2, et la classe 3 s'il y a des enfants ou des personnes âgées."),
      h("4. L'évacuation"),
      p(
        "Repérez l'évacuation existante. Si le nouveau receveur la place ailleurs, il faudra déplacer le tuyau. Respectez une pente minimale de 1 % jusqu'à la colonne.",
      ),
      tip("Erreur fréquente", "Oublier la hauteur du siphon : un receveur extra-plat (3 cm) demande un siphon extra-plat ou un sol décaissé."),
      faq(
        [
          "Peut-on poser le receveur sur le carrelage existant ?",
          "Oui, si le sol est de niveau et que l'évacuation arrive à la hauteur du siphon. Sinon, on réalise une chape.",
        ],
        ["Combien de temps dure la pose ?", "Une journée pour remplacer une baignoire ; attendez 24 heures de séchage du silicone avant la première douche."],
      ),
      links(["Voir les receveurs", "/receveurs-de-douche/"], ["Mesurer une paroi de douche", "/como-medir-una-mampara"]),
    ],
  },
  {
    slug: "como-elegir-baneras-de-hidromasaje-16",
    kind: "guide",
    title: "Choisir une baignoire balnéo",
    metaDescription: "Guide pour choisir une baignoire balnéo : système à eau, à air ou mixte, dimensions, installation électrique, entretien et consommation.",
    intro:
      "Une baignoire balnéo transforme la salle de bain en petit spa. Avant l'achat, définissez le système souhaité, vérifiez la place disponible et l'installation nécessaire.",
    blocks: [
      h("Les systèmes"),
      figure("whirlpool", "Balnéo à eau (buses dans les parois) et à air (diffuseurs au fond)."),
      table(
        "Systèmes balnéo",
        ["Système", "Fonctionnement", "Sensation"],
        [
          ["Eau (hydromassage)", "Une pompe fait circuler l'eau par des buses orientables", "Massage intense du dos et des jambes"],
          ["Air", "Un blower envoie de l'air par des diffuseurs au fond", "Bouillonnement doux sur tout le corps"],
          ["Mixte", "Les deux systèmes, activables séparément", "Le plus complet, et le plus cher"],
        ],
      ),
      h("Dimensions et place"),
      ul(
        "Rectangulaires : de 160 × 70 à 180 × 80 cm.",
        "D'angle : à partir de 140 × 140 cm.",
        "Gardez 60 cm libres devant la baignoire.",
        "La trappe du moteur doit rester accessible.",
      ),
      h("Installation électrique"),
      p(
        "La pompe demande une ligne dédiée protégée par un différentiel 30 mA et raccordée à la terre, hors des volumes de projection (norme NF C 15-100). Faites-la réaliser par un électricien qualifié.",
      ),
      tip("Avant de commander", "Mesurez la largeur des portes et du couloir : une baignoire de 180 cm avec tablier doit passer de chant."),
      h("Entretien"),
      ol(
        "Une fois par mois, remplissez au-dessus des buses avec un désinfectant sans mousse.",
        "Faites tourner le système 10 minutes, videz et rincez.",
        "Pas de sels ni d'huiles de bain avec la balnéo en marche.",
      ),
      links(["Voir les baignoires", "/baignoires/"], ["Bien choisir son receveur", "/como-elegir-tu-plato-de-ducha-15"]),
    ],
  },
  {
    slug: "como-medir-una-mampara",
    kind: "measure",
    title: "Mesurer une paroi de douche",
    metaDescription: "Comment mesurer l'emplacement d'une paroi de douche : outils, mesures, tolérances et erreurs fréquentes. Choisissez votre type de paroi.",
    intro:
      "Une paroi bien mesurée se pose en une matinée ; une paroi sur mesure mal mesurée ne peut pas être retournée. Voici comment mesurer en 10 minutes avec un mètre et un niveau.",
    blocks: [
      h("Matériel"),
      ul("Un mètre ruban rigide d'au moins 2 m.", "Un niveau à bulle.", "De quoi noter chaque mesure en millimètres."),
      h("Les trois règles d'or"),
      ol(
        "Mesurez une fois le receveur ou la baignoire posés et le carrelage terminé.",
        "Mesurez à trois hauteurs (bas, milieu, haut) et retenez la plus petite valeur.",
        "Vérifiez l'aplomb des murs : les profilés de réglage absorbent 1,5 à 2 cm ; au-delà, contactez-nous avant de commander.",
      ),
      figure("measure-overview", "Vue de dessus : mesurez la largeur de mur à mur sur le receveur, à trois hauteurs."),
      h("Choisissez votre type de paroi"),
      links(
        ["Paroi de face (entre deux murs)", "/como-medir-una-mampara-frontal"],
        ["Paroi d'angle", "/como-medir-una-mampara-angular"],
        ["Paroi arrondie (quart de cercle)", "/como-medir-una-mampara-semicircular"],
      ),
      tip("Erreur fréquente", "Mesurer au bord extérieur du receveur : la paroi s'appuie sur la partie plane, 1 à 2 cm vers l'intérieur."),
    ],
  },
  {
    slug: "como-medir-una-mampara-frontal",
    kind: "measure",
    title: "Mesurer une paroi de douche de face",
    metaDescription: "Mesurer une paroi de face (entre deux murs) : largeur à trois hauteurs, aplomb des murs et tolérances.",
    intro: "La paroi de face ferme un espace entre deux murs. C'est la plus simple à mesurer : la largeur entre les murs et leur aplomb suffisent.",
    blocks: [
      figure("measure-frontal", "Paroi de face : largeur A de mur à mur, à trois hauteurs (A1, A2, A3)."),
      steps(
        ["Largeur en bas (A1)", "De mur à mur sur le receveur, sur la zone plane où s'appuiera le profilé."],
        ["Largeur au milieu (A2)", "À environ 1 m de hauteur."],
        ["Largeur en haut (A3)", "À 1,90 m, hauteur de la plupart des parois."],
        ["Retenez la plus petite", "C'est la mesure à commander."],
        ["Vérifiez l'aplomb", "Au-delà de 1,5 cm d'écart sur la hauteur de la paroi, contactez-nous."],
      ),
      h("Erreurs fréquentes"),
      ul(
        "Mesurer avant le carrelage : chaque mur perd 1 à 1,5 cm.",
        "Arrondir vers le haut.",
        "Oublier la robinetterie ou un sèche-serviettes sur le passage des portes coulissantes.",
      ),
      links(["Paroi d'angle", "/como-medir-una-mampara-angular"], ["Paroi arrondie", "/como-medir-una-mampara-semicircular"]),
    ],
  },
  {
    slug: "como-medir-una-mampara-angular",
    kind: "measure",
    title: "Mesurer une paroi de douche d'angle",
    metaDescription: "Mesurer une paroi d'angle : côtés A et B à trois hauteurs, équerre à 90° et tolérances.",
    intro: "La paroi d'angle ferme une douche en coin avec deux côtés vitrés. Chaque côté se mesure séparément, et l'angle doit être droit.",
    blocks: [
      figure("measure-angular", "Paroi d'angle : côté A et côté B, de chaque mur jusqu'au bord extérieur du receveur."),
      steps(
        ["Côté A", "Du mur du fond jusqu'au bord extérieur du receveur, sur la zone d'appui du profilé."],
        ["Côté B", "Du mur latéral jusqu'au bord extérieur, de l'autre côté."],
        ["Trois hauteurs", "Répétez chaque mesure en haut, au milieu et en bas ; notez la plus petite."],
        ["L'équerre", "60 cm sur un mur, 80 cm sur l'autre depuis l'angle : la diagonale doit mesurer 100 cm."],
      ),
      ul(
        "Chaque côté a sa propre plage de mesures : pour un receveur de 120 × 80 cm, environ 117–120 cm en A et 77–80 cm en B.",
        "Si la diagonale s'écarte de plus de 1 cm, l'angle n'est pas droit.",
      ),
      tip("Erreur fréquente", "Inverser A et B : notez de quel côté se trouve la porte."),
      links(["Paroi de face", "/como-medir-una-mampara-frontal"], ["Paroi arrondie", "/como-medir-una-mampara-semicircular"]),
    ],
  },
  {
    slug: "como-medir-una-mampara-semicircular",
    kind: "measure",
    title: "Mesurer une paroi de douche arrondie",
    metaDescription: "Mesurer une paroi arrondie (quart de cercle) : côtés A et B, rayon du receveur et compatibilité.",
    intro: "La paroi arrondie suit la courbe du receveur. Elle se mesure comme une paroi d'angle, mais le rayon de la courbe doit aussi correspondre.",
    blocks: [
      figure("measure-semicircular", "Paroi arrondie : côtés A et B depuis l'angle, et rayon R de la courbe."),
      steps(
        ["Côtés A et B", "De l'angle des murs jusqu'à l'extrémité droite du receveur, là où commence la courbe."],
        ["Le rayon (R)", "De l'angle jusqu'au bord courbe, en diagonale à 45°. Rayons courants : 50 et 55 cm."],
        ["Trois hauteurs", "Répétez les mesures murales ; retenez la plus petite."],
      ),
      p("Une paroi arrondie ne s'adapte qu'à un receveur de même rayon : vérifiez le rayon sur la fiche technique des deux produits."),
      links(["Paroi de face", "/como-medir-una-mampara-frontal"], ["Paroi d'angle", "/como-medir-una-mampara-angular"]),
    ],
  },
];
