import { formatPrice, multiply } from "../../core/money.ts";
import { CITY_PRICES, DISASSEMBLY, PREMEASURE } from "../installations.ts";
import { faq, figure, h, links, ol, p, type SeedPage, steps, table, tip, ul } from "./blocks.ts";

const VAT = 1.21;
const eur = (cents: number) => formatPrice(cents, "es-ES");
const withVat = (cents: number) => `${eur(cents)} + IVA (${eur(multiply(cents, VAT))})`;

const measureLinks = links(
  ["Cómo medir una mampara frontal", "/como-medir-una-mampara-frontal"],
  ["Cómo medir una mampara angular", "/como-medir-una-mampara-angular"],
  ["Cómo medir una mampara semicircular", "/como-medir-una-mampara-semicircular"],
  ["Ver todas las mamparas de ducha", "/mamparas-de-ducha/"],
);

/** About us, professionals, installation service, buying guides and how-to-measure pages (Spain). */
export const pagesEs: SeedPage[] = [
  {
    slug: "quienes-somos",
    kind: "page",
    title: "Quiénes somos",
    metaDescription: "BañoDirecto: tienda online especializada en reformas de baño, con asesoramiento técnico, envío a domicilio e instalación opcional.",
    intro:
      "Somos una tienda online especializada en una sola habitación de la casa: el baño. Vendemos lo que hace falta para reformarlo y te ayudamos a elegir bien antes de comprar.",
    blocks: [
      h("Qué hacemos"),
      p(
        "Seleccionamos platos de ducha, mamparas, inodoros, bañeras, muebles de baño, lavabos y grifería de fabricantes con los que trabajamos de forma directa. Muchos productos se configuran a medida: eliges dimensiones, color, acabado y complementos, y ves el precio final antes de añadirlos al carrito.",
      ),
      h("Cómo trabajamos"),
      ul(
        "Asesoramiento antes de comprar: por teléfono, email o chat, te ayudamos con medidas, desagües y compatibilidades.",
        "Precios claros: el IVA y el envío se muestran antes de pagar, sin sorpresas al final.",
        "Envío a domicilio con seguimiento en toda la Península; los productos grandes viajan paletizados.",
        "Instalación opcional con instaladores de tu zona, con un precio cerrado por ciudad y distancia.",
        "14 días para devolver y 3 años de garantía en todos los productos.",
      ),
      h("Nuestras guías"),
      p(
        "Antes de vender un plato de ducha o una mampara, queremos que sepas medir tu baño y elegir el modelo adecuado. Por eso publicamos guías prácticas, escritas con instaladores:",
      ),
      links(
        ["Cómo elegir tu plato de ducha", "/como-elegir-tu-plato-de-ducha-15"],
        ["Cómo medir una mampara", "/como-medir-una-mampara"],
        ["Cómo elegir una bañera de hidromasaje", "/como-elegir-baneras-de-hidromasaje-16"],
        ["Inspiración y consejos de reforma", "/inspiracion"],
      ),
      h("Contacto"),
      p("Atención al cliente de lunes a viernes, de 9:00 a 18:00: +34 910 00 00 00 o hola@banodirecto.es."),
    ],
  },
  {
    slug: "reformistas-profesionales",
    kind: "page",
    title: "Reformistas profesionales",
    metaDescription: "Descuentos profesionales para reformistas, instaladores y empresas de construcción en BañoDirecto.",
    intro:
      "Si reformas baños como profesional, crea tu cuenta como profesional de la construcción y verás tus descuentos en cada producto, en el carrito y en tus pedidos.",
    blocks: [
      h("Qué ventajas tienes"),
      ul(
        "Descuento profesional sobre el precio web, visible en la ficha de cada producto.",
        "El descuento se aplica también en el carrito y aparece en cada línea de tus pedidos y facturas.",
        "Facturas con tus datos fiscales (CIF, NIF o NIE) descargables desde tu perfil.",
        "Presupuestos guardados para enviar a tus clientes y convertir en pedido cuando lo aprueben.",
        "Entrega en la dirección de la obra, con aviso previo del transportista.",
      ),
      h("Cómo darte de alta"),
      steps(
        ["Crea tu cuenta", "Regístrate con tu email y marca la casilla «Soy profesional de la construcción»."],
        ["Completa tus datos de facturación", "Añade la razón social y el CIF o NIF de tu empresa en tu perfil."],
        ["Compra con tu precio", "Inicia sesión: los precios que ves ya incluyen tu descuento profesional."],
      ),
      tip("¿Ya tienes cuenta de cliente?", "Puedes cambiar tu cuenta a profesional desde tu perfil sin perder tus pedidos, direcciones ni favoritos."),
      h("Preguntas frecuentes"),
      faq(
        ["¿Necesito un volumen mínimo de compra?", "No. El descuento profesional se aplica desde el primer pedido."],
        [
          "¿Puedo pedir que el material llegue a la obra?",
          "Sí. Indica la dirección de la obra como dirección de envío y un teléfono de contacto para el transportista.",
        ],
        ["¿El descuento se combina con los cupones?", "Los cupones se aplican sobre el total del carrito; cada cupón indica sus condiciones."],
      ),
    ],
  },
  {
    slug: "servicio-de-instalacion",
    kind: "page",
    title: "Servicio de instalación",
    metaDescription:
      "Instalación de platos de ducha, mamparas, inodoros y muebles de baño: precio cerrado por provincia y distancia, desmontaje y medición previa opcionales.",
    intro:
      "Compra tu producto e instálalo con un profesional de tu zona. Conoces el precio cerrado antes de pagar y lo pagas con tu pedido: la reserva del servicio se queda en BañoDirecto y el resto se lo abonamos al instalador cuando termina.",
    blocks: [
      h("Cómo funciona"),
      p(
        "En la ficha de los productos instalables verás la opción «Añadir servicio de instalación». Un asistente de 5 pasos calcula el precio exacto para tu caso:",
      ),
      steps(
        ["1. Presentación", "Te explicamos qué incluye el servicio: montaje del producto, conexión a las tomas existentes, sellado y retirada del embalaje."],
        ["2. Desmontaje", `Indica si hay que desmontar y retirar el producto antiguo (plato, bañera, inodoro o mampara). Cuesta ${eur(DISASSEMBLY)} + IVA.`],
        [
          "3. Medición previa",
          `Si prefieres que el instalador mida antes de fabricar o pedir el producto, elige la medición previa: ${eur(PREMEASURE["500"])} + IVA hasta 30 km de la capital de provincia o ${eur(PREMEASURE["520"])} + IVA entre 30 y 50 km.`,
        ],
        [
          "4. Ciudad",
          "Escribe tu código postal o tu población, o elige tu provincia. Si el servicio no está disponible en tu ciudad te lo decimos en este paso, antes de pagar nada.",
        ],
        [
          "5. Distancia",
          "Si has escrito tu población, calculamos su distancia a la capital de provincia; si no, indica si la obra está a menos de 30 km o entre 30 y 50 km. Con eso calculamos el precio final.",
        ],
      ),
      figure("installation-steps", "Del pedido a la instalación: reservas online, el instalador te llama, mide si lo has pedido e instala."),
      h("Cómo se calcula el precio"),
      p(
        "El precio total es la suma de la reserva, el precio de tu ciudad según la distancia, el desmontaje y la medición previa si los eliges. A cada importe se le suma el 21 % de IVA.",
      ),
      table(
        "Conceptos del servicio (precios sin IVA y con IVA)",
        ["Concepto", "Precio"],
        [
          ["Reserva del servicio", withVat(2000)],
          ["Desmontaje y retirada del producto antiguo", withVat(DISASSEMBLY)],
          ["Medición previa, hasta 30 km", withVat(PREMEASURE["500"])],
          ["Medición previa, de 30 a 50 km", withVat(PREMEASURE["520"])],
        ],
      ),
      h("Precio por ciudad y distancia"),
      p(
        `Distancia medida desde la capital de provincia. Damos servicio en ${CITY_PRICES.length} provincias; estos son sus precios, los mismos que calcula el asistente de la ficha del producto.`,
      ),
      // Filled from the database when the page is shown (the facility options the wizard and the cart price with).
      table("Precio de instalación por provincia (IVA incluido)", ["Provincia", "Hasta 30 km", "De 30 a 50 km"], []),
      p(
        "La mayoría de provincias tienen un precio de 90 € o 100 € hasta 30 km y de 115 € o 125 € entre 30 y 50 km. En Girona el servicio es solo bajo presupuesto: te llamamos para valorar la obra antes de dar un precio.",
      ),
      h("Un ejemplo"),
      p(
        `Plato de ducha en Madrid, a menos de 30 km, con desmontaje del plato antiguo y medición previa: reserva ${eur(2000)} + ciudad ${eur(8000)} + desmontaje ${eur(5000)} + medición ${eur(2500)} = ${eur(17500)} + IVA, es decir ${eur(multiply(2000, VAT) + multiply(8000, VAT) + multiply(5000, VAT) + multiply(2500, VAT))}, que pagas con tu pedido. La reserva (${eur(multiply(2000, VAT))}) se queda en BañoDirecto; el resto se lo abonamos al instalador cuando termina.`,
      ),
      h("Qué incluye y qué no"),
      ul(
        "Incluye: montaje del producto, conexión a las tomas de agua y desagüe existentes, sellado con silicona y retirada del embalaje.",
        "No incluye: obra de albañilería, alicatado, cambios de posición del desagüe o de las tomas, ni electricidad nueva.",
        "Si al llegar el instalador ve que hace falta obra adicional, te dará un presupuesto aparte y decides tú.",
      ),
      faq(
        ["¿Cuándo me llama el instalador?", "En un plazo de 2 días laborables desde que se confirma tu pedido, para acordar la fecha de la visita."],
        ["¿Puedo cancelar el servicio?", "Sí, antes de la visita. Te devolvemos la reserva si cancelas con al menos 48 horas de antelación."],
        [
          "¿Mi ciudad no aparece?",
          "Actualmente, nuestro servicio no está disponible en esa ciudad. Puedes comprar el producto igualmente y contratar la instalación con un profesional de tu confianza.",
        ],
      ),
    ],
  },
  {
    slug: "como-elegir-tu-plato-de-ducha-15",
    kind: "guide",
    title: "Cómo elegir tu plato de ducha",
    metaDescription:
      "Guía para elegir plato de ducha: medidas, materiales (resina, acrílico, cerámico), antideslizante, desagüe y errores que conviene evitar.",
    intro:
      "Cambiar la bañera por un plato de ducha es la reforma de baño más pedida. Elegir bien el plato depende de cuatro cosas: la medida del hueco, el material, la posición del desagüe y la clase antideslizante.",
    blocks: [
      h("1. Mide el hueco, no el plato viejo"),
      p(
        "Mide el espacio disponible de pared a pared en tres puntos (arriba, en medio y abajo) y quédate con la medida más pequeña. Las paredes rara vez son rectas: una diferencia de 1 cm es habitual. Si vas a quitar una bañera, mide con la bañera ya retirada o resta el grosor de los azulejos que vayas a colocar.",
      ),
      figure("tray-sizes", "Medidas de plato más habituales: de 70 a 90 cm de fondo y de 80 a 200 cm de largo."),
      ul(
        "Para sustituir una bañera de 170 cm, los platos de 160 o 170 × 70 cm aprovechan todo el hueco.",
        "En baños pequeños, 80 × 80 cm es el mínimo cómodo; con 90 × 90 cm te duchas con los codos libres.",
        "Si el plato es cortable (resina), pide la medida estándar superior y córtalo en obra al milímetro.",
      ),
      h("2. Elige el material"),
      table(
        "Materiales de plato de ducha",
        ["Material", "Ventajas", "A tener en cuenta"],
        [
          ["Resina con carga mineral", "Se corta a medida, acabado pizarra, muy resistente, extraplano", "Pesa más; limpiar sin productos abrasivos"],
          ["Acrílico", "Ligero, cálido al tacto, económico", "Menos rígido: necesita una base bien nivelada"],
          ["Cerámico", "Muy duradero, fácil de limpiar", "No se puede cortar; medidas cerradas"],
        ],
      ),
      h("3. Antideslizante: clase 3 si hay niños o mayores"),
      p(
        "La norma UNE-ENV 12633 clasifica la resbaladicidad de 0 a 3. Para una ducha, pide como mínimo clase 2; si en casa hay niños o personas mayores, clase 3. Los platos de resina con textura pizarra suelen llegar a clase 3.",
      ),
      h("4. El desagüe"),
      p(
        "Comprueba dónde está el desagüe actual. Si el plato nuevo lo tiene en otra posición, habrá que mover la tubería, y eso es obra. Un desagüe central es más versátil; uno en el lado corto permite colocar la mampara fija sobre el lado largo. Respeta una pendiente mínima del 1 % en la tubería hasta la bajante.",
      ),
      tip(
        "Error frecuente",
        "Comprar el plato sin comprobar la altura del sifón. Los platos extraplanos (3 cm) necesitan un sifón extraplano o rebajar el suelo para que el agua evacúe bien.",
      ),
      h("5. Color y mampara"),
      p(
        "Blanco, gris, negro o tonos arena: elige el plato a juego con el suelo o en contraste con él. Decide la mampara a la vez: el ancho del plato define el ancho de la mampara.",
      ),
      h("Preguntas frecuentes"),
      faq(
        [
          "¿Puedo colocar el plato sobre el suelo existente?",
          "Sí, si el suelo está nivelado y el desagüe llega a la altura del sifón. Si no, se hace una base de mortero.",
        ],
        ["¿Cuánto tarda la instalación?", "Un instalador sustituye una bañera por un plato en un día; la silicona necesita 24 horas antes de usar la ducha."],
      ),
      links(
        ["Ver platos de ducha", "/platos-de-ducha/"],
        ["Cómo medir una mampara", "/como-medir-una-mampara"],
        ["Servicio de instalación", "/servicio-de-instalacion"],
      ),
    ],
  },
  {
    slug: "como-elegir-baneras-de-hidromasaje-16",
    kind: "guide",
    title: "Cómo elegir una bañera de hidromasaje",
    metaDescription: "Guía para elegir bañera de hidromasaje: tipos de sistema (agua, aire, mixto), medidas, instalación eléctrica, mantenimiento y consumo.",
    intro:
      "Una bañera de hidromasaje convierte el baño en un pequeño spa. Antes de comprarla conviene tener claro qué sistema quieres, si cabe en tu baño y qué instalación necesita.",
    blocks: [
      h("Tipos de sistema"),
      figure("whirlpool", "Hidromasaje por agua (jets en las paredes) y por aire (difusores en el fondo)."),
      table(
        "Sistemas de hidromasaje",
        ["Sistema", "Cómo funciona", "Sensación"],
        [
          ["Agua (whirlpool)", "Una bomba recircula el agua por jets orientables en las paredes", "Masaje intenso y localizado en espalda y piernas"],
          ["Aire (airpool)", "Un soplante impulsa aire por difusores en el fondo", "Burbujeo suave y relajante por todo el cuerpo"],
          ["Mixto", "Combina los dos sistemas, que se activan por separado", "El más completo; también el de mayor precio"],
        ],
      ),
      h("Medidas y espacio"),
      ul(
        "Rectangulares: de 160 × 70 cm a 180 × 80 cm, para sustituir una bañera estándar.",
        "Angulares: de 140 × 140 cm en adelante; necesitan un baño amplio.",
        "Deja al menos 60 cm libres delante para entrar y salir con seguridad.",
        "Comprueba que el registro del motor queda accesible: el técnico debe poder llegar a la bomba.",
      ),
      h("Instalación eléctrica"),
      p(
        "La bomba necesita una toma independiente protegida por un diferencial de 30 mA y conexión a tierra, fuera de la zona de salpicaduras según el Reglamento Electrotécnico de Baja Tensión (ITC-BT-27). Si no la tienes, la debe hacer un electricista autorizado antes de instalar la bañera.",
      ),
      tip("Antes de pedir", "Mide el ancho de las puertas y del pasillo hasta el baño: una bañera de 180 cm con su faldón necesita pasar de canto."),
      h("Mantenimiento"),
      ul(
        "Una vez al mes, llena por encima de los jets, añade un limpiador desinfectante sin espuma y pon el sistema en marcha 10 minutos.",
        "Vacía y aclara con agua limpia. Así evitas restos de jabón y bacterias en los circuitos.",
        "No uses sales ni aceites de baño con el hidromasaje encendido: obstruyen los jets.",
      ),
      h("Consumo"),
      p("Una bomba de hidromasaje consume entre 700 y 1.200 W. Una sesión de 20 minutos gasta menos de 0,5 kWh: menos que un ciclo de lavavajillas."),
      faq(
        ["¿Puedo usarla como bañera normal?", "Sí. El hidromasaje es opcional; sin activarlo funciona como cualquier bañera."],
        ["¿Hace mucho ruido?", "Los sistemas de agua suelen estar entre 55 y 65 dB, como una conversación. Los de aire son algo más ruidosos."],
      ),
      links(["Ver bañeras", "/baneras/"], ["Cómo elegir tu plato de ducha", "/como-elegir-tu-plato-de-ducha-15"]),
    ],
  },
  {
    slug: "como-medir-una-mampara",
    kind: "measure",
    title: "Cómo medir una mampara",
    metaDescription:
      "Cómo medir el hueco de tu mampara de ducha: herramientas, qué medir, tolerancias de ajuste y errores frecuentes. Elige tu tipo de mampara.",
    intro:
      "Una mampara bien medida se instala en una mañana; una mal medida no se puede devolver si es a medida. Te explicamos cómo medir en 10 minutos con un metro y un nivel.",
    blocks: [
      h("Qué necesitas"),
      ul("Un metro rígido (flexómetro) de al menos 2 m.", "Un nivel de burbuja.", "Papel y lápiz para apuntar cada medida en milímetros."),
      h("Las tres reglas de oro"),
      ol(
        "Mide con el plato o la bañera ya instalados y los azulejos colocados: la mampara se apoya sobre ellos.",
        "Mide siempre en tres alturas (abajo, a media altura y arriba) y quédate con la medida más pequeña.",
        "Comprueba con el nivel que las paredes están a plomo. Los perfiles de ajuste absorben desplomes de hasta 1,5–2 cm; si la diferencia es mayor, consúltanos antes de pedir.",
      ),
      figure("measure-overview", "Vista superior: mide el ancho de pared a pared en el borde del plato, en tres alturas."),
      h("Elige tu tipo de mampara"),
      measureLinks,
      h("Tolerancias de ajuste"),
      p(
        "Cada modelo de mampara indica un rango de medidas (por ejemplo, 117–120 cm). Tu medida debe caer dentro de ese rango. Elige el modelo cuyo rango contenga la medida más pequeña que hayas tomado, nunca la mayor.",
      ),
      tip("Error frecuente", "Medir por el borde exterior del plato. La mampara se apoya en la zona plana interior, 1–2 cm hacia dentro del borde: mide ahí."),
    ],
  },
  {
    slug: "como-medir-una-mampara-frontal",
    kind: "measure",
    title: "Cómo medir una mampara frontal",
    metaDescription:
      "Cómo medir una mampara frontal (de pared a pared) para plato de ducha o bañera: ancho en tres alturas, altura útil y desplome de paredes.",
    intro:
      "La mampara frontal cierra un hueco entre dos paredes. Es la más fácil de medir: solo necesitas el ancho entre paredes y comprobar que estén rectas.",
    blocks: [
      figure("measure-frontal", "Mampara frontal: mide el ancho A de pared a pared en tres alturas (A1, A2, A3)."),
      h("Paso a paso"),
      steps(
        ["Ancho abajo (A1)", "Mide de pared a pared sobre el plato, en la zona plana donde apoyará el perfil, no en el borde exterior."],
        ["Ancho a media altura (A2)", "Repite a 1 m de altura aproximadamente."],
        ["Ancho arriba (A3)", "Repite a 1,90 m, la altura de la mayoría de mamparas."],
        ["Quédate con la menor", "La medida para pedir es la más pequeña de las tres."],
        ["Comprueba el plomo", "Apoya el nivel en vertical en cada pared. Si se desvía más de 1,5 cm en la altura de la mampara, consúltanos."],
      ),
      h("Tolerancias"),
      ul(
        "Los perfiles de pared absorben entre 1,5 y 3 cm según el modelo: revisa el rango de medidas de cada mampara.",
        "Si tu medida está justo en el límite del rango, elige el modelo en el que quede centrada.",
        "En bañeras, mide también el ancho del borde: la mampara necesita al menos 4 cm de superficie plana de apoyo.",
      ),
      h("Errores frecuentes"),
      ul(
        "Medir antes de alicatar: cada azulejo con su adhesivo resta unos 1–1,5 cm por pared.",
        "Redondear hacia arriba: si mides 1.184 mm, no pidas 1.190 mm.",
        "Olvidar los obstáculos: grifería, repisas o radiadores toalleros en la trayectoria de las puertas correderas.",
      ),
      links(
        ["Mamparas angulares", "/como-medir-una-mampara-angular"],
        ["Mamparas semicirculares", "/como-medir-una-mampara-semicircular"],
        ["Ver mamparas", "/mamparas-de-ducha/"],
      ),
    ],
  },
  {
    slug: "como-medir-una-mampara-angular",
    kind: "measure",
    title: "Cómo medir una mampara angular",
    metaDescription: "Cómo medir una mampara angular (de esquina) con dos lados: medidas A y B en tres alturas, escuadra de 90° y tolerancias.",
    intro:
      "La mampara angular cierra una ducha de esquina con dos lados de cristal. Hay que medir cada lado por separado y comprobar que la esquina forma un ángulo recto.",
    blocks: [
      figure("measure-angular", "Mampara angular: lado A y lado B, medidos desde cada pared hasta el borde exterior del plato."),
      h("Paso a paso"),
      steps(
        ["Lado A", "Mide desde la pared del fondo hasta el borde exterior del plato, por la zona de apoyo del perfil, a lo largo del lado largo."],
        ["Lado B", "Haz lo mismo en el otro lado, desde la pared lateral hasta el borde exterior."],
        ["Tres alturas", "Repite cada medida arriba, en medio y abajo (apoyando el metro en la pared). Apunta la menor de cada lado."],
        [
          "La escuadra",
          "Comprueba que la esquina forma 90°: mide 60 cm en una pared y 80 cm en la otra desde la esquina; la diagonal entre esos dos puntos debe medir 100 cm.",
        ],
        ["El plomo", "Comprueba con el nivel que cada pared esté vertical."],
      ),
      h("Tolerancias"),
      ul(
        "Cada lado se pide con su propio rango de medidas: un plato de 120 × 80 cm necesita una mampara para 117–120 cm en A y 77–80 cm en B, aproximadamente.",
        "Si la diagonal de la escuadra se desvía más de 1 cm, la esquina no está a 90°: los perfiles de ajuste lo compensan solo en parte.",
        "En platos con esquina redondeada, mide hasta el punto donde empieza la curva y consúltanos el modelo.",
      ),
      tip(
        "Error frecuente",
        "Intercambiar los lados A y B. Apunta cuál es el lado de la puerta: en las angulares con puerta corredera, la puerta abre en el lado más largo.",
      ),
      links(
        ["Mampara frontal", "/como-medir-una-mampara-frontal"],
        ["Mampara semicircular", "/como-medir-una-mampara-semicircular"],
        ["Ver mamparas", "/mamparas-de-ducha/"],
      ),
    ],
  },
  {
    slug: "como-medir-una-mampara-semicircular",
    kind: "measure",
    title: "Cómo medir una mampara semicircular",
    metaDescription: "Cómo medir una mampara semicircular para plato curvo: lados A y B, radio del plato y compatibilidad entre plato y mampara.",
    intro:
      "La mampara semicircular sigue la curva del plato de ducha. Se mide igual que una angular, pero además el radio de la curva del plato debe coincidir con el de la mampara.",
    blocks: [
      figure("measure-semicircular", "Mampara semicircular: lados A y B desde la esquina, y radio R de la curva del plato."),
      h("Paso a paso"),
      steps(
        ["Lado A y lado B", "Mide cada lado desde la esquina de las paredes hasta el extremo recto del plato, donde empieza la curva."],
        ["El radio (R)", "Mide la curva: desde la esquina hasta el borde curvo, en diagonal a 45°. Los radios más habituales son 50 y 55 cm."],
        ["Tres alturas", "Repite las medidas de pared arriba, en medio y abajo; apunta la menor."],
        ["La escuadra", "Comprueba los 90° de la esquina con la regla 60–80–100 cm."],
      ),
      h("Compatibilidad con el plato"),
      p(
        "Una mampara semicircular solo encaja en un plato con el mismo radio. Si cambias el plato y la mampara a la vez, elígelos del mismo fabricante o con el mismo radio indicado en la ficha técnica.",
      ),
      h("Errores frecuentes"),
      ul(
        "Medir el radio por el borde exterior del plato en lugar de la zona de apoyo de la guía.",
        "Suponer que un plato de 80 × 80 cm tiene siempre el mismo radio: varía según el fabricante.",
        "No dejar espacio para las puertas correderas curvas: necesitan 2–3 cm libres delante de la grifería.",
      ),
      links(
        ["Mampara frontal", "/como-medir-una-mampara-frontal"],
        ["Mampara angular", "/como-medir-una-mampara-angular"],
        ["Ver mamparas", "/mamparas-de-ducha/"],
      ),
    ],
  },
  {
    slug: "faq-inspiracion",
    kind: "faq",
    title: "Preguntas frecuentes sobre reformas de baño",
    metaDescription: "Respuestas a las dudas más habituales al reformar un baño.",
    intro: "",
    blocks: [
      faq(
        [
          "¿Cuánto cuesta reformar un baño?",
          "Un cambio de bañera por plato de ducha con mampara, sin obra de alicatado, suele estar entre 600 y 1.500 € con instalación. Una reforma completa de un baño de 4 m² va de 4.000 a 8.000 € según acabados.",
        ],
        [
          "¿Necesito licencia de obra?",
          "Para cambiar sanitarios o el plato de ducha normalmente basta una comunicación previa al ayuntamiento; si se toca la distribución o las instalaciones generales, puede hacer falta licencia. Consulta en tu ayuntamiento.",
        ],
        ["¿Cuánto dura la obra?", "Un cambio de bañera por plato, un día. Una reforma completa, de una a tres semanas."],
        [
          "¿Puedo poner un plato de ducha sin quitar los azulejos?",
          "Sí, con un plato de resina cortable a medida y un panel o azulejo nuevo solo en la franja que deja la bañera.",
        ],
      ),
    ],
  },
];
