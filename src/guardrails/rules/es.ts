// Spanish rules (Rioplatense voseo included: "sos", "mostrame").
import { GAP, r, type Rule } from './types.ts';

export const ES_RULES: Rule[] = [
  {
    id: 'es.self_harm',
    category: 'self_harm',
    lang: 'es',
    re: r(`\\b(?:matarme|suicidarme|suicidio|quiero morir|quiero morirme|no quiero vivir|no quiero seguir viviendo|cortarme|quitarme la vida|acabar con mi vida|no aguanto mas vivir)\\b`),
  },
  {
    id: 'es.injection',
    category: 'prompt_injection',
    lang: 'es',
    re: r(`\\b(?:ignora|ignorar|olvida|olvidar|omite|descarta) ${GAP}(?:instrucciones|instruccion|reglas|indicaciones|directrices|prompt)\\b|\\b(?:finge|fingi|fingir|haz de cuenta) (?:que )?(?:eres|sos|ser)\\b|\\bactua como (?:si fueras )?(?:un |una )?(?:hacker|ia sin|dan|desarrollador|administrador)\\b|\\ba partir de ahora (?:eres|sos|seras)\\b|\\b(?:muestra|mostra|mostrame|muestrame|revela|dime|decime) ${GAP}(?:prompt|instrucciones)\\b|\\bsin (?:filtros|restricciones|censura)\\b`),
  },
  {
    id: 'es.data',
    category: 'data_fishing',
    lang: 'es',
    re: r(`\\b(?:lista|listar|muestra|muestrame|mostrame|dame|pasame|exporta) ${GAP}(?:usuarios|contrasenas|correos|cuentas|perfiles|base de datos)\\b|\\b(?:datos|informacion|contrasena|contrasenas|correo|telefono) (?:de|del) (?:otros|otro|otra|otras|los usuarios|los demas|admin|administrador)\\b`),
  },
  {
    id: 'es.abuse',
    category: 'abuse',
    lang: 'es',
    re: r(`\\b(?:hijo de puta|hija de puta|hdp|la concha de tu madre|andate a la mierda|vete a la mierda|chupame|forro|pelotudo|pelotuda|boludo de mierda|pendejo|pendeja)\\b|\\b(?:sos|eres|tu|vos|(?:el |este |ese )?(?:asistente|bot|botcito|robot)(?: es)?) (?:un |una |muy |re |tan |de |mas )*(?:idiota|estupid[oa]|imbecil|inutil|basura|tarad[oa]|mierda|trucho|trucha|berreta|inservible)\\b`),
  },
];
