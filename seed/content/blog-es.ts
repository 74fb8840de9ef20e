import type { ContentBlock } from "../../server/modules/content/content.schema.ts";
import { faq, h, links, ol, p, steps, table, tip, ul } from "./blocks.ts";

export const blogCategoriesEs = [
  { slug: "reformas", name: "Reformas", position: 1 },
  { slug: "duchas", name: "Duchas y mamparas", position: 2 },
  { slug: "decoracion", name: "Decoración", position: 3 },
  { slug: "mantenimiento", name: "Mantenimiento", position: 4 },
];

export type SeedPost = { slug: string; category: string; title: string; excerpt: string; illustration: string; publishedAt: string; blocks: ContentBlock[] };

/** Blog posts of the Spanish store (/inspiracion): real renovation advice, newest last here. */
export const postsEs: SeedPost[] = [
  {
    slug: "cambiar-banera-por-plato-de-ducha",
    category: "reformas",
    title: "Cambiar la bañera por un plato de ducha: paso a paso",
    excerpt: "Qué implica la obra, cuánto dura, qué medidas elegir y cómo evitar los problemas más habituales con el desagüe.",
    illustration: "shower-swap",
    publishedAt: "2025-01-14T09:00:00Z",
    blocks: [
      p(
        "Es la reforma de baño más pedida: gana espacio, elimina el escalón de la bañera y se hace en un solo día. Pero hay detalles que conviene resolver antes de empezar.",
      ),
      h("Antes de la obra"),
      ul(
        "Mide el hueco de la bañera de pared a pared y resta el grosor del nuevo revestimiento si vas a alicatar.",
        "Localiza el desagüe de la bañera: el plato debe tener su desagüe cerca o habrá que prolongar la tubería.",
        "Decide qué hacer con la franja de pared que queda al descubierto: azulejo nuevo, panel de PVC o pintura para baños.",
      ),
      h("La obra, en orden"),
      steps(
        ["Retirar la bañera", "Se corta el sellado, se desconecta el desagüe y se rompe el faldón si es de obra."],
        ["Preparar la base", "Se nivela el suelo con mortero y se conecta el sifón del plato con una pendiente mínima del 1 %."],
        ["Colocar el plato", "Sobre una cama de adhesivo o mortero, comprobando el nivel en las dos direcciones."],
        ["Sellar y montar la mampara", "Silicona sanitaria en todo el perímetro y, tras 24 horas, la mampara."],
      ),
      tip(
        "El error más caro",
        "No comprobar la altura del sifón. Con platos extraplanos el agua puede no evacuar si la tubería no tiene pendiente suficiente.",
      ),
      links(["Guía para elegir plato de ducha", "/como-elegir-tu-plato-de-ducha-15"], ["Servicio de instalación", "/servicio-de-instalacion"]),
    ],
  },
  {
    slug: "ideas-para-banos-pequenos",
    category: "decoracion",
    title: "7 ideas para que un baño pequeño parezca más grande",
    excerpt: "Mamparas de cristal transparente, muebles suspendidos, espejos grandes y otras decisiones que ganan espacio visual sin tirar tabiques.",
    illustration: "small-bathroom",
    publishedAt: "2025-02-03T09:00:00Z",
    blocks: [
      p("En un baño de 3 o 4 m² cada centímetro cuenta. Estas ideas no requieren grandes obras y cambian la sensación de espacio."),
      ol(
        "Mampara de cristal transparente sin perfiles: la vista atraviesa la ducha y el baño se percibe entero.",
        "Mueble de lavabo suspendido: ver el suelo bajo el mueble amplía visualmente la estancia.",
        "Inodoro suspendido o compacto: ganan entre 5 y 10 cm de paso.",
        "Espejo grande, de ancho de pared: duplica la luz y la profundidad.",
        "Colores claros y un solo material en suelo y ducha: menos cortes visuales.",
        "Plato de ducha a ras de suelo: sin escalón, el suelo parece continuo.",
        "Hornacinas en la ducha en lugar de estanterías: almacenaje sin ocupar espacio.",
      ),
      tip("Medida mínima cómoda", "Deja al menos 60 cm libres delante del inodoro y del lavabo, y 70 cm de paso hasta la ducha."),
      links(["Espacios: baño pequeño", "/espacios/bano-pequeno"], ["Muebles de baño", "/muebles-de-bano/"]),
    ],
  },
  {
    slug: "mampara-o-cortina",
    category: "duchas",
    title: "Mampara o cortina de ducha: qué conviene en cada caso",
    excerpt: "Comparamos precio, limpieza, estanqueidad y durabilidad para que decidas con datos.",
    illustration: "screen",
    publishedAt: "2025-02-24T09:00:00Z",
    blocks: [
      p("La cortina es barata y rápida; la mampara es más estanca y duradera. La elección depende del uso y del baño."),
      table(
        "Mampara frente a cortina",
        ["Criterio", "Mampara", "Cortina"],
        [
          ["Precio", "De 150 a 600 € según medida y cristal", "De 15 a 40 €"],
          ["Estanqueidad", "Alta: el agua no sale de la ducha", "Media: salpica por los extremos"],
          ["Limpieza", "Cristal con tratamiento antical: rasqueta tras cada ducha", "Lavadora cada mes; se cambia cada 1–2 años"],
          ["Durabilidad", "Más de 10 años", "1–2 años"],
        ],
      ),
      h("Qué cristal elegir"),
      ul(
        "Templado de 6 mm: el estándar; si se rompe, lo hace en trozos pequeños y romos.",
        "8 mm para hojas fijas grandes o mamparas sin perfil superior.",
        "Tratamiento antical: el agua resbala y deja menos marcas.",
      ),
      links(["Cómo medir una mampara", "/como-medir-una-mampara"], ["Ver mamparas", "/mamparas-de-ducha/"]),
    ],
  },
  {
    slug: "limpiar-la-cal-de-la-mampara",
    category: "mantenimiento",
    title: "Cómo limpiar la cal de la mampara sin rayarla",
    excerpt: "Vinagre, rasqueta y un poco de constancia: la rutina que mantiene el cristal transparente durante años.",
    illustration: "cleaning",
    publishedAt: "2025-03-17T09:00:00Z",
    blocks: [
      p(
        "En las zonas de agua dura (buena parte de la costa mediterránea, Madrid y el centro peninsular), la cal se queda en el cristal después de cada ducha. Se evita con dos minutos al día.",
      ),
      h("La rutina diaria"),
      ul("Pasa una rasqueta de goma por el cristal después de ducharte, de arriba abajo.", "Seca los perfiles inferiores con una bayeta de microfibra."),
      h("Limpieza a fondo cada semana"),
      steps(
        ["Mezcla", "Una parte de vinagre blanco y una de agua templada en un pulverizador."],
        ["Aplica", "Pulveriza el cristal y los perfiles y deja actuar 10 minutos."],
        ["Retira", "Pasa una esponja suave, aclara con agua y seca con microfibra."],
      ),
      tip("Lo que nunca debes usar", "Estropajos verdes, polvos abrasivos o lejía sobre los perfiles: rayan el cristal y quitan el tratamiento antical."),
      faq(["¿Y si la cal ya está incrustada?", "Aplica vinagre puro caliente con papel de cocina pegado al cristal durante 30 minutos y retira con rasqueta."]),
    ],
  },
  {
    slug: "ventilacion-del-bano",
    category: "mantenimiento",
    title: "Humedad en el baño: cómo ventilar bien y evitar el moho",
    excerpt: "Extractores, rejillas y hábitos sencillos para que la humedad no dañe las juntas, la pintura ni los muebles.",
    illustration: "ventilation",
    publishedAt: "2025-04-07T09:00:00Z",
    blocks: [
      p("Una ducha caliente libera casi medio litro de agua en el aire. Si no sale, se condensa en paredes y techo y aparece el moho."),
      h("Baños sin ventana"),
      p(
        "El Código Técnico de la Edificación exige ventilación en baños. Un extractor de 100 mm que renueve unos 15 litros por segundo es suficiente para un baño de hasta 6 m². Con temporizador, sigue funcionando 10–15 minutos después de apagar la luz.",
      ),
      h("Hábitos que ayudan"),
      ul(
        "Deja la puerta abierta y la mampara entreabierta después de ducharte.",
        "Tiende las toallas fuera del baño.",
        "Pasa la rasqueta por los azulejos de la ducha.",
      ),
      tip("Si ya hay moho", "Límpialo con una solución de lejía diluida (1:4), con guantes y ventilación, y sella las juntas con un producto antimoho."),
    ],
  },
  {
    slug: "iluminacion-del-bano",
    category: "decoracion",
    title: "Iluminación del baño: luz general, espejo y ambiente",
    excerpt: "Cuántos lúmenes necesitas, qué temperatura de color elegir y qué protección IP exige cada zona.",
    illustration: "lighting",
    publishedAt: "2025-05-05T09:00:00Z",
    blocks: [
      p("Un baño bien iluminado combina tres capas: la luz general, la del espejo y, si quieres, una luz de ambiente."),
      table(
        "Zonas del baño y protección mínima (REBT, ITC-BT-27)",
        ["Zona", "Dónde", "Protección mínima"],
        [
          ["0", "Dentro de la bañera o el plato", "IPX7 y muy baja tensión (12 V)"],
          ["1", "Sobre la bañera o la ducha, hasta 2,25 m", "IPX4"],
          ["2", "60 cm alrededor de la zona 1", "IPX4"],
          ["Fuera de zonas", "Resto del baño", "Sin requisito específico; recomendable IP44"],
        ],
      ),
      h("Luz del espejo"),
      p(
        "Coloca la luz a los lados o por encima del espejo, nunca detrás de ti: evita sombras en la cara. Busca un índice de reproducción cromática (CRI) de 90 o más y una temperatura de 3.000–4.000 K.",
      ),
      links(["Espejos", "/espejos/"]),
    ],
  },
  {
    slug: "bano-accesible",
    category: "reformas",
    title: "Un baño accesible y seguro para mayores",
    excerpt: "Plato a ras de suelo, asideros, antideslizante de clase 3 y altura de inodoro: las claves de un baño para toda la vida.",
    illustration: "accessibility",
    publishedAt: "2025-06-02T09:00:00Z",
    blocks: [
      p("La mayoría de caídas en casa ocurren en el baño. Adaptarlo no exige una obra grande y mejora la vida de todos."),
      ul(
        "Plato de ducha a ras de suelo y antideslizante de clase 3.",
        "Asideros junto a la ducha y al inodoro, anclados a pared maciza.",
        "Inodoro a 45–50 cm de altura, más cómodo para sentarse y levantarse.",
        "Grifo termostático: mantiene la temperatura y evita quemaduras.",
        "Asiento abatible en la ducha y mampara con puerta amplia (80 cm de paso).",
      ),
      tip(
        "Ayudas públicas",
        "Muchas comunidades autónomas subvencionan la adaptación del baño para personas mayores o con discapacidad. Consulta en tu ayuntamiento antes de empezar.",
      ),
      links(["Platos de ducha", "/platos-de-ducha/"], ["Inodoros", "/inodoros/"]),
    ],
  },
  {
    slug: "presupuesto-reforma-bano",
    category: "reformas",
    title: "Cuánto cuesta reformar un baño en 2025",
    excerpt: "Precios orientativos por partidas: demolición, fontanería, alicatado, sanitarios, mampara e instalación.",
    illustration: "budget",
    publishedAt: "2025-06-30T09:00:00Z",
    blocks: [
      p(
        "El precio de una reforma de baño depende sobre todo de si se cambia el alicatado y la fontanería. Estos son precios orientativos para un baño de 4–5 m².",
      ),
      table(
        "Partidas de una reforma de baño completa",
        ["Partida", "Precio orientativo"],
        [
          ["Demolición y retirada de escombros", "400–800 €"],
          ["Fontanería y desagües nuevos", "600–1.200 €"],
          ["Alicatado y solado (material y mano de obra)", "1.500–3.000 €"],
          ["Plato de ducha y mampara", "350–900 €"],
          ["Inodoro, mueble y lavabo", "500–1.500 €"],
          ["Grifería", "150–500 €"],
        ],
      ),
      h("Cómo ahorrar sin perder calidad"),
      ul(
        "Mantén las tomas de agua y el desagüe donde están.",
        "Usa un plato cortable en lugar de obra de albañilería.",
        "Compra los sanitarios tú y contrata solo la instalación.",
      ),
      faq(["¿Cuánto cuesta solo cambiar la bañera por un plato?", "Entre 600 y 1.500 € con plato, mampara e instalación, sin cambiar el alicatado."]),
      links(["Servicio de instalación", "/servicio-de-instalacion"]),
    ],
  },
  {
    slug: "elegir-griferia-termostatica",
    category: "duchas",
    title: "Grifería termostática: por qué merece la pena en la ducha",
    excerpt: "Temperatura estable, ahorro de agua y seguridad para niños: cómo funciona un termostático y qué mirar al comprarlo.",
    illustration: "tap",
    publishedAt: "2025-07-21T09:00:00Z",
    blocks: [
      p("Un grifo termostático mezcla el agua fría y la caliente para mantener la temperatura que eliges, aunque alguien abra otro grifo de la casa."),
      ul(
        "Seguridad: un tope a 38 °C evita quemaduras; se supera pulsando un botón.",
        "Ahorro: no gastas agua buscando la temperatura, unos 10–15 litros por ducha.",
        "Comodidad: la temperatura no cambia con los cambios de presión.",
      ),
      tip("Antes de comprar", "Comprueba la distancia entre tomas de tu pared (normalmente 15 cm) y que la presión sea de al menos 1 bar."),
      links(["Grifería", "/grifos/"]),
    ],
  },
];
