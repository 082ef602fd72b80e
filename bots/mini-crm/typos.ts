// Misspelt command verbs ("cadastar", "adicona", "lsita") are put right before the message is read,
// so the verb rules see the verb and the slot extractors cut it off instead of keeping it in a name.
// Only a word in a verb's place is touched: the first word of the message or of a clause, or one
// right after a polite/connector word ("pode", "por favor", "e", "depois", "me").
import { fold } from './text.ts';

/** The command verbs the rules know, imperative forms first (they win ties). */
const COMMAND_VERBS = [
  'cadastra', 'cadastre', 'adiciona', 'adicione', 'anota', 'anote', 'rascunha', 'rascunhe', 'agenda', 'agende', 'lembra', 'lembre',
  'lista', 'liste', 'mostra', 'mostre', 'busca', 'busque', 'encontra', 'encontre', 'procura', 'procure', 'conclui', 'conclua',
  'finaliza', 'finalize', 'marca', 'marque', 'recalcula', 'recalcule', 'registra', 'registre', 'inclui', 'inclua', 'prepara',
  'prepare', 'monta', 'monte', 'salva', 'salve', 'coloca', 'coloque', 'atualiza', 'atualize', 'insira', 'acrescenta', 'acrescente',
  'cadastrar', 'adicionar', 'anotar', 'rascunhar', 'agendar', 'lembrar', 'listar', 'mostrar', 'buscar', 'encontrar', 'procurar',
  'concluir', 'finalizar', 'marcar', 'recalcular', 'registrar', 'incluir', 'preparar', 'montar', 'salvar', 'colocar', 'atualizar',
  'inserir', 'acrescentar',
];

/** Words already understood as one of the verbs (any inflection), or as a noun of the same family. */
const KNOWN_STEM =
  /^(?:cadastr|adicion|anot|rascunh|agend|lembr|list|mostr|busc|encontr|procur|conclu|finaliz|marc|recalcul|registr|inclu|prepar|mont|salv|coloc|atualiz|insir|inser|acrescent|cri[aeo])/;

/** Ordinary words a verb's place often holds that sit one letter away from a command verb. */
const PROTECTED = new Set([
  'manda', 'mande', 'mandar', 'conta', 'conte', 'contar', 'marco', 'pronto', 'ponto', 'tenho', 'quais', 'quero', 'queria', 'passa',
  'passe', 'pega', 'pegue', 'liga', 'ligue', 'ligar', 'envia', 'envie', 'enviar', 'fala', 'fale', 'falar', 'vamos', 'olha', 'olhe',
  'certo', 'beleza', 'valeu', 'obrigado', 'obrigada', 'amanha', 'hoje', 'depois', 'entao', 'agora', 'apaga', 'apague', 'apagar',
  'remove', 'remova', 'remover', 'exclui', 'exclua', 'excluir', 'altera', 'altere', 'alterar', 'troca', 'troque', 'trocar', 'edita',
  'edite', 'editar', 'mudar', 'muda', 'mude', 'sabe', 'saber', 'busco', 'achei', 'acho', 'acha', 'ache', 'achar', 'lance', 'lanca',
  'nota', 'notas', 'notar', 'lista', 'tarefa', 'tarefas', 'proposta', 'lead', 'leads',
]);

/** Words after which the next word stands where a command verb goes. */
const LEAD_INS = new Set([
  'e', 'depois', 'tambem', 'entao', 'ai', 'pode', 'poderia', 'consegue', 'favor', 'pfv', 'pf', 'me', 'vc', 'voce', 'quero', 'gostaria',
  'preciso', 'bora', 'agora', 'ok', 'oi', 'ola', 'dia', 'tarde', 'noite', 'seguida', 'fim', 'ultimo', 'disso',
]);

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped at max + 1. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0][j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return Math.min(rows[a.length][b.length], max + 1);
}

/** Edits allowed for a word of this length: none below 5 letters, 1 up to 7, 2 from 8. */
function allowedEdits(length: number): number {
  return length < 5 ? 0 : length < 8 ? 1 : 2;
}

/** The command verb a misspelt word stands for, or null. */
function closestVerb(word: string): string | null {
  const limit = allowedEdits(word.length);
  if (!limit || KNOWN_STEM.test(word) || PROTECTED.has(word)) return null;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const verb of COMMAND_VERBS) {
    const d = editDistance(word, verb, limit);
    if (d < bestDistance) (best = verb), (bestDistance = d);
  }
  return best;
}

/** "cadastar a Bianca Nunes; adicona nota: …" → "cadastra a Bianca Nunes; adiciona nota: …". */
export function correctVerbTypos(text: string): string {
  const f = fold(text);
  let out = '';
  let pos = 0;
  let prevWord: string | null = null;
  let prevEnd = 0;
  for (const m of f.matchAll(/[a-z]+/g)) {
    const word = m[0];
    const gap = f.slice(prevEnd, m.index);
    const original = text.slice(m.index, m.index + word.length);
    const sentenceStart = prevWord === null || /[.!?\n]/.test(gap);
    const inVerbPlace = sentenceStart || /[;,:]/.test(gap) || LEAD_INS.has(prevWord!);
    // Mid-sentence, a Capitalized word is a name ("…, Marcia"), not a verb.
    const candidate = inVerbPlace && /^\s*$|[\s;,.!?:]$/.test(gap || ' ') && (sentenceStart || !/^\p{Lu}/u.test(original));
    const verb = candidate ? closestVerb(word) : null;
    if (verb) {
      out += text.slice(pos, m.index) + (/^\p{Lu}/u.test(original) ? verb[0].toUpperCase() + verb.slice(1) : verb);
      pos = m.index + word.length;
    }
    prevWord = word;
    prevEnd = m.index + word.length;
  }
  return out + text.slice(pos);
}
