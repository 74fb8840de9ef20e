import { COMPANY, h, p, type SeedPage, table, ul } from "./blocks.ts";

/** Legal and information pages of the Spanish store (/cms/{slug}). */
export const legalEs: SeedPage[] = [
  {
    slug: "aviso-legal",
    kind: "legal",
    title: "Aviso legal",
    metaDescription: "Datos identificativos del titular de BañoDirecto y condiciones de uso del sitio web.",
    intro:
      "En cumplimiento de la Ley 34/2002, de Servicios de la Sociedad de la Información y de Comercio Electrónico (LSSI-CE), te informamos de quién está detrás de esta tienda y de las condiciones de uso del sitio.",
    blocks: [
      h("Titular del sitio web"),
      ul(
        `Razón social: ${COMPANY.name}`,
        `Domicilio: ${COMPANY.address}`,
        `Inscrita en el ${COMPANY.registry}`,
        `Email de contacto: ${COMPANY.esEmail}`,
        `Teléfono de atención al cliente: ${COMPANY.esPhone} (lunes a viernes, de 9:00 a 18:00)`,
      ),
      h("Objeto"),
      p(
        "Este sitio web es una tienda online de productos para la reforma del baño (platos de ducha, mamparas, inodoros, bañeras, muebles, grifería y accesorios) y del servicio opcional de instalación. El acceso al sitio es gratuito y atribuye la condición de usuario a quien navega por él.",
      ),
      h("Condiciones de uso"),
      p(
        "El usuario se compromete a utilizar el sitio conforme a la ley, la buena fe y este aviso legal, y a no emplearlo para fines ilícitos o que puedan dañar el sitio, a otros usuarios o a terceros. Las compras se rigen por nuestras condiciones de venta.",
      ),
      h("Propiedad intelectual e industrial"),
      p(
        "Los textos, ilustraciones, diseño, logotipos y código de este sitio pertenecen a su titular o a sus licenciantes. Las marcas de los fabricantes pertenecen a sus respectivos propietarios. No está permitida su reproducción, distribución o transformación sin autorización, salvo para uso personal y privado.",
      ),
      h("Responsabilidad"),
      p(
        "Trabajamos para que la información de productos, medidas y precios sea exacta y esté actualizada. Si detectas un error, escríbenos y lo corregiremos. No respondemos de los contenidos de sitios de terceros a los que se pueda enlazar desde esta web.",
      ),
      h("Legislación aplicable"),
      p(
        "Estas condiciones se rigen por la legislación española. Para cualquier controversia con consumidores serán competentes los juzgados y tribunales del domicilio del consumidor. También puedes acudir a la plataforma europea de resolución de litigios en línea (https://ec.europa.eu/consumers/odr).",
      ),
    ],
  },
  {
    slug: "condiciones-de-venta",
    kind: "legal",
    title: "Condiciones de venta",
    metaDescription:
      "Pedidos, precios, formas de pago (tarjeta, Bizum, PayPal, transferencia, Klarna, Scalapay), envíos, devoluciones en 14 días y garantía de 3 años.",
    intro:
      "Estas condiciones regulan las compras realizadas en BañoDirecto España. Te recomendamos leerlas antes de confirmar tu pedido: son cortas y están escritas para que se entiendan.",
    blocks: [
      h("Precios e impuestos"),
      p(
        "Todos los precios se muestran en euros e incluyen el IVA vigente (21 %). Los gastos de envío se indican en el carrito antes de pagar, de forma separada, y también llevan IVA. El precio aplicable es el que aparece en el momento de confirmar el pedido.",
      ),
      h("Cómo se hace un pedido"),
      ul(
        "Añade los productos al carrito, con sus opciones y complementos.",
        "En el checkout indica tus datos, la dirección de envío y, si lo necesitas, los datos de facturación.",
        "Elige la forma de pago y confirma. Recibirás un email con el número de pedido y el resumen de la compra.",
      ),
      h("Formas de pago"),
      ul(
        "Tarjeta de crédito o débito, Google Pay y Apple Pay: el cargo se realiza al confirmar el pedido.",
        "Bizum: pago inmediato desde la app de tu banco.",
        "PayPal: con tu cuenta PayPal; se aplica la comisión de PayPal indicada en el carrito antes de pagar.",
        "Transferencia bancaria: te damos una referencia de pago; confirmamos el pedido en un plazo de 24 horas desde que recibimos la transferencia.",
        "Klarna: paga en 3 plazos sin intereses, uno cada 30 días. Klarna estudia la operación en el momento.",
        "Scalapay: paga en 3 o 4 plazos sin intereses. Scalapay estudia la operación en el momento.",
      ),
      h("Envíos y plazos de entrega"),
      p(
        "Enviamos a la Península. Cada producto indica su plazo de entrega en días laborables (no cuentan sábados, domingos ni festivos). Los pedidos con varios productos pueden llegar en varios paquetes, cada uno con su número de seguimiento.",
      ),
      table(
        "Zonas de entrega",
        ["Zona", "Códigos postales", "Condiciones"],
        [
          ["Península", "Resto de códigos", "Envío según tarifa; gratis en pedidos desde 200 €"],
          ["Islas Baleares", "07xxx", "Enviamos, pero sin envío gratuito: el coste se calcula en el carrito"],
          ["Islas Canarias", "35xxx y 38xxx", "No realizamos entregas"],
        ],
      ),
      p("Al recibir el pedido revisa los bultos delante del transportista. Si un embalaje llega golpeado o roto, anótalo en el albarán de entrega."),
      h("Productos defectuosos o dañados en el transporte"),
      p(
        "Debes comunicarnos cualquier daño o defecto visible en un plazo de 24 horas desde la entrega, con fotos del producto y del embalaje, escribiendo a nuestro equipo de atención al cliente. Así podemos reclamar al transportista y enviarte un repuesto o un producto nuevo sin coste.",
      ),
      h("Devoluciones: 14 días"),
      p(
        "Dispones de 14 días naturales desde la entrega para desistir de la compra sin dar explicaciones. Escríbenos indicando el número de pedido; te diremos cómo enviarnos el producto. Debe volver sin usar, sin instalar y en su embalaje original. Te devolvemos el importe por el mismo medio de pago en un máximo de 14 días desde que recibimos el producto.",
      ),
      ul(
        "Los gastos de devolución corren a cargo del cliente, salvo que el producto sea defectuoso o no corresponda con lo pedido.",
        "Los productos fabricados a medida (platos de ducha cortados, mamparas a medida) no admiten desistimiento, porque se fabrican según tus especificaciones.",
        "Un producto instalado o con señales de uso puede sufrir una depreciación proporcional a su estado.",
      ),
      h("Garantía: 3 años"),
      p(
        "Todos los productos tienen una garantía legal de 3 años desde la entrega frente a faltas de conformidad. Para usarla necesitamos el número de pedido, una descripción del problema y fotos. Reparamos, sustituimos el producto o, si nada de eso es posible, te devolvemos el importe. La garantía no cubre el desgaste normal, los daños por una instalación incorrecta ni el uso de productos de limpieza abrasivos.",
      ),
      h("Servicio de instalación"),
      p(
        "El servicio opcional de instalación se contrata con el producto. Se paga una reserva de 20 € (más IVA) en el pedido; el resto del precio del servicio lo abonas directamente al instalador. Consulta los detalles en la página del servicio de instalación.",
      ),
      h("Atención al cliente y reclamaciones"),
      p(
        "Para cualquier duda o reclamación escríbenos a hola@banodirecto.es o llámanos al +34 910 00 00 00. Tenemos hojas de reclamaciones a disposición de los consumidores.",
      ),
    ],
  },
  {
    slug: "politica-de-privacidad",
    kind: "legal",
    title: "Política de privacidad",
    metaDescription: "Qué datos personales tratamos, para qué, durante cuánto tiempo y cómo ejercer tus derechos.",
    intro:
      "Tratamos tus datos solo para lo que necesitas de nosotros: atender tus pedidos, responder tus consultas y, si te suscribes, enviarte la newsletter.",
    blocks: [
      h("Responsable del tratamiento"),
      p(`${COMPANY.name}, ${COMPANY.address}. Contacto para privacidad: ${COMPANY.dpoEmail}.`),
      h("Qué datos tratamos y para qué"),
      table(
        "Tratamientos",
        ["Finalidad", "Datos", "Base legal", "Plazo de conservación"],
        [
          [
            "Gestionar pedidos, envíos, facturas y garantías",
            "Nombre, apellidos, email, teléfono, direcciones, NIF/NIE/CIF de facturación",
            "Ejecución del contrato y obligaciones legales",
            "6 años (obligaciones fiscales y mercantiles)",
          ],
          ["Cuenta de cliente", "Email, contraseña cifrada, datos de perfil, favoritos", "Ejecución del contrato", "Hasta que borres tu cuenta"],
          ["Newsletter", "Nombre, apellidos, email, fecha de consentimiento", "Consentimiento", "Hasta que te des de baja"],
          ["Preguntas sobre productos", "Nombre, email, teléfono opcional, pregunta", "Consentimiento", "1 año desde la respuesta"],
        ],
      ),
      h("Con quién compartimos tus datos"),
      ul(
        "Agencias de transporte, para entregar tu pedido (nombre, dirección y teléfono).",
        "Entidades de pago (pasarela de tarjeta, Bizum, PayPal, Klarna, Scalapay), solo con la forma de pago que elijas.",
        "El instalador asignado, si contratas el servicio de instalación (nombre, teléfono y dirección).",
        "Administraciones públicas, cuando una ley lo exige.",
      ),
      p("No vendemos tus datos ni los cedemos para publicidad de terceros."),
      h("Tus derechos"),
      p(
        `Puedes pedir el acceso, la rectificación, la supresión, la oposición, la limitación y la portabilidad de tus datos, y retirar tu consentimiento en cualquier momento, escribiendo a ${COMPANY.dpoEmail} con el asunto «Protección de datos». Si no quedas satisfecho, puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).`,
      ),
      h("Seguridad"),
      p("La web funciona siempre con conexión cifrada (HTTPS), las contraseñas se guardan cifradas y solo el personal que lo necesita accede a tus datos."),
    ],
  },
  {
    slug: "politica-de-cookies",
    kind: "legal",
    title: "Política de cookies",
    metaDescription: "Las cookies que usa BañoDirecto: solo las necesarias para que la tienda funcione, y ninguna de analítica sin tu consentimiento.",
    intro: "Usamos muy pocas cookies. Esta página enumera exactamente cuáles y para qué sirven.",
    blocks: [
      h("Qué es una cookie"),
      p(
        "Una cookie es un pequeño archivo que la web guarda en tu navegador para recordar información entre una página y otra, por ejemplo el idioma que prefieres.",
      ),
      h("Cookies que usamos"),
      table(
        "Cookies de BañoDirecto",
        ["Cookie", "Para qué sirve", "Tipo", "Duración"],
        [
          ["locale", "Recuerda el idioma de la tienda que has visitado (es o fr)", "Técnica, propia", "365 días"],
          ["cookie_consent", "Guarda si has aceptado o rechazado las cookies opcionales, para no volver a preguntarte", "Técnica, propia", "6 meses"],
        ],
      ),
      p("Ambas son necesarias para el funcionamiento del sitio y no requieren consentimiento. No contienen datos personales como tu nombre o tu email."),
      h("Analítica y publicidad"),
      p(
        "No instalamos ninguna cookie de analítica, publicidad o redes sociales sin tu consentimiento. Si rechazas las cookies opcionales, la tienda funciona exactamente igual. Si en el futuro añadimos alguna herramienta de este tipo, la incluiremos en esta tabla y solo se activará si la aceptas.",
      ),
      h("Almacenamiento local del navegador"),
      p(
        "Además de las cookies, la tienda guarda en el almacenamiento local de tu navegador tu carrito, tu lista de favoritos como invitado y los productos vistos recientemente. Estos datos no se envían a terceros y puedes borrarlos desde la configuración de tu navegador.",
      ),
      h("Cómo cambiar tu elección"),
      p(
        "Puedes borrar la cookie cookie_consent desde la configuración de tu navegador: la próxima vez que entres te volveremos a preguntar. También puedes bloquear o eliminar todas las cookies desde el navegador; en ese caso la tienda no recordará tu idioma.",
      ),
    ],
  },
  {
    slug: "proteccion-de-datos",
    kind: "legal",
    title: "Protección de datos",
    metaDescription: "Información básica sobre protección de datos en los formularios de BañoDirecto y cómo ejercer tus derechos.",
    intro:
      "Esta es la información básica que el Reglamento General de Protección de Datos (RGPD) nos obliga a darte en cada formulario, reunida en un solo sitio.",
    blocks: [
      table(
        "Información básica",
        ["", ""],
        [
          ["Responsable", COMPANY.name],
          ["Finalidad", "Gestionar tus pedidos, tu cuenta, tus consultas y, si lo pides, la newsletter"],
          ["Legitimación", "Ejecución del contrato de compra y, para la newsletter y las preguntas, tu consentimiento"],
          ["Destinatarios", "Transportistas, entidades de pago e instaladores, solo cuando es necesario; nunca para publicidad de terceros"],
          ["Derechos", "Acceso, rectificación, supresión, oposición, limitación y portabilidad"],
          ["Más información", "En nuestra política de privacidad"],
        ],
      ),
      h("Newsletter"),
      p(
        "Al suscribirte guardamos tu nombre, tus apellidos, tu email y la fecha en la que aceptaste las condiciones, como prueba de tu consentimiento. Cada email incluye un enlace para darte de baja; también puedes hacerlo desde tu perfil o escribiéndonos.",
      ),
      h("Cómo ejercer tus derechos"),
      p(
        `Escríbenos a ${COMPANY.dpoEmail} indicando qué derecho quieres ejercer. Te responderemos en un plazo máximo de un mes. Puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).`,
      ),
    ],
  },
];
