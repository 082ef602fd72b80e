// Misspelt command verbs ("cadastar", "adicona", "lsita") are put right before the message is read, so the
// verb rules see the verb and the slot extractors cut it off instead of keeping it in a name. The runtime's
// correctCommandWords does it (only a word in a verb's place is touched); this file is the CRM's vocabulary.
import { correctCommandWords } from 'switchboard';

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

const VOCABULARY = { words: COMMAND_VERBS, known: KNOWN_STEM, keep: PROTECTED, leadIns: LEAD_INS };

/** "cadastar a Bianca Nunes; adicona nota: …" → "cadastra a Bianca Nunes; adiciona nota: …". */
export function correctVerbTypos(text: string): string {
  return correctCommandWords(text, VOCABULARY);
}
