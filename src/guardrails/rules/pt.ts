// Portuguese rules (Brazilian chat spelling included: "vc", "q", "naum").
import { GAP, INSTITUTION_WORD, r, type Rule } from './types.ts';

const YOU = '(?:voce|vc|tu|ce|voces|vcs)';

// Targets of an insult: the bot, "you", or someone else.
const INSULT_TARGET = `(?:${YOU}|bot|botzinho|robo|robozinho|ia|maquina|assistente|chatbot|sua|seu|suas|seus|essa ia|esse bot|esse robo|bando de|cambada de)`;
// Bounded and without overlapping alternatives, so a long "e uma e uma …" cannot backtrack exponentially.
const INTENSIFIER = '(?:(?:e|eh|muito|mt|mto|mo|tao|bem|uma|um|mesmo|realmente|msm|de|mais) ){0,4}';
const INSULTS =
  '(?:idiota|imbecil|burr[oa]|bura|buro|estupid[oa]|inutil|lixo|merda|bosta|retardad[oa]|otari[oa]|babaca|vagabund[oa]|piranha|vadia|puta|arrombad[oa]|desgracad[oa]|corn[oa]|escrot[oa]|trouxa|anta|jumenta?|debil mental|incompetente|porcaria|nojent[oa]|lerd[oa]|cretin[oa]|palhac[oa]|besta|ignorante|macac[oa]|viad[oa]|bicha|sapatao)s?';

// Things one does not "matar" a person with: "matar aula", "matar a saudade", "matar o tempo".
const NOT_PEOPLE = '(?!(?:aula|aulas|tempo|saudade|saudades|curiosidade|fome|sede|vontade|duvida|duvidas|trabalho|prova|questao|questoes|materia|conteudo|serie|episodio|charada|barata|mosquito|formiga)\\b)';

export const PT_RULES: Rule[] = [
  {
    id: 'pt.self_harm.kill_myself',
    category: 'self_harm',
    lang: 'pt',
    // "vou me matar", "quero me matar", "me mato" — but not "essa prova vai me matar".
    re: r(`(?<!\\b(?:vai|vao|ia|iria|quase|pode|podem|querem|quer|vai acabar|deve) )\\b(?:me matar|me mato|me suicidar|me suicido|me enforcar|me enforco|me cortar|me corto|me cortando|me matando de verdade)\\b`),
  },
  {
    id: 'pt.self_harm.end_life',
    category: 'self_harm',
    lang: 'pt',
    re: r(`\\b(?:tirar|acabar com|dar fim (?:a|na)|por fim (?:a|na)) (?:a )?(?:minha )?(?:propria )?vida\\b|\\bsuicid(?:io|ar|a|e)\\b|\\bacabar com tudo de vez\\b`),
  },
  {
    id: 'pt.self_harm.want_to_die',
    category: 'self_harm',
    lang: 'pt',
    re: r(`\\b(?:quero|queria|vou|vontade de|desejo|so quero|preferia|prefiro|penso em|pensando em|melhor eu) (?:morrer|sumir pra sempre|sumir do mundo|desaparecer pra sempre|nao acordar mais|nao existir|nao estar mais aqui)\\b(?! de (?:rir|vergonha|fome|sono|tedio|calor|frio|medo|raiva|saudade|inveja|curiosidade|ansiedade|cansaco))`),
  },
  {
    id: 'pt.self_harm.cannot_go_on',
    category: 'self_harm',
    lang: 'pt',
    re: r(`\\bnao (?:aguento|aguento mais|quero mais|consigo mais|vejo sentido em|tenho mais vontade de|tenho vontade de|tenho motivo para|tenho motivo pra) (?:viver|a vida|existir|continuar vivendo|continuar viva|continuar vivo)\\b|\\bcansad[oa] de viver\\b|\\bnao vale a pena viver\\b|\\bsem vontade de viver\\b|\\bninguem (?:vai )?sentiria (?:a )?minha falta\\b|\\bmelhor (?:se eu )?nao (?:existir|existisse|estar vivo|estar viva)\\b`),
  },
  {
    id: 'pt.self_harm.disappear',
    category: 'self_harm',
    lang: 'pt',
    // "quero sumir", "queria desaparecer", "queria nunca ter nascido" — but not "quero sumir uns dias pra praia"
    // or "queria sumir com essa nota".
    re: r(`\\b(?:quero|queria|so quero|so queria|to querendo|estou querendo|vontade de|desejo|penso em|pensando em|preferia|prefiro) (?:sumir|desaparecer)\\b(?! (?:com|uns|umas|por uns|por umas|um pouco|pra (?:praia|viajar|descansar)|de ferias|nas ferias|no fim de semana|do grupo|da aula|da sala))|\\b(?:queria|quero|preferia) (?:nunca )?nao ter nascido\\b|\\bqueria nunca ter nascido\\b`),
  },
  {
    id: 'pt.self_harm.end_everything',
    category: 'self_harm',
    lang: 'pt',
    // "pensando em acabar com tudo", "quero acabar com tudo", "vou dar um fim em tudo".
    re: r(`\\b(?:penso|pensando|pensei|pensar|quero|queria|vontade de|vou|to pensando) (?:em )?(?:acabar com tudo|dar um fim (?:em|a|na) tudo|por um fim (?:em|a|na) tudo|dar fim (?:em|a) tudo)\\b(?! (?:na|no|nessa|nesse|hoje na|amanha na) (?:prova|${INSTITUTION_WORD}|redacao|vestibular|simulado|jogo|partida))`),
  },
  {
    id: 'pt.self_harm.cannot_take_it',
    category: 'self_harm',
    lang: 'pt',
    // A bare "não aguento mais" (no object: not "não aguento mais essa prova") said with sadness, or alone.
    // Ordinary frustration ("não aguento mais estudar", "o site caiu, não aguento mais esperar") stays SAFE;
    // a distress signal gets the supportive reply with CVV 188 even when it may be borderline.
    raw: /\b(?:nao|n|naum) (?:aguento|suporto) mais\b(?:\s+(?:nada|de verdade|serio|mesmo|viver|isso aqui|essa vida|minha vida))?\s*(?:[,.;!?…]|$)/,
    requires: /\b(?:trist\w*|deprimid\w*|depressao|desesper\w*|angusti\w*|sozinh\w*|vazi[oa]|chor\w*|sem saida|sem esperanca|sumir|desaparecer|morrer|acabad[oa]|esgotad[oa]|ninguem me|sofr\w*|dor)\b|^(?:\S+ ){0,3}(?:nao|n|naum) (?:aguento|suporto) mais(?: \S+){0,2}$/,
  },
  {
    id: 'pt.self_harm.hurt_myself',
    category: 'self_harm',
    lang: 'pt',
    re: r(`\\b(?:quero|vou|vontade de|penso em|pensando em|preciso|tento|tentei) (?:me machucar|me ferir|me jogar (?:da|de|do|na frente|no|na|pela))\\b`),
  },
  {
    id: 'pt.injection.ignore_instructions',
    category: 'prompt_injection',
    lang: 'pt',
    re: r(`\\b(?:ignor\\w*|desconsider\\w*|esquec\\w*|esqueca|desobedec\\w*|burl\\w*|contorn\\w*|descart\\w*|anul\\w*) ${GAP}(?:instrucoes|instrucao|orientacoes|diretrizes|comandos|prompt|prompts|programacao|restricoes|filtros|configuracoes)\\b`),
    squashed: ['ignoreasinstrucoes', 'ignoretodasasinstrucoes', 'ignoreasinstrucoesanteriores', 'ignoreasuasinstrucoes', 'ignoresuasinstrucoes', 'esquecaasinstrucoes', 'esquecasuasinstrucoes'],
  },
  {
    id: 'pt.injection.ignore_rules',
    category: 'prompt_injection',
    lang: 'pt',
    // "ignore suas regras" / "as regras anteriores" — but "posso ignorar as regras do programa?" is a question.
    re: r(`\\b(?:ignor\\w*|desconsider\\w*|esquec\\w*|esqueca|desobedec\\w*|quebr\\w*|burl\\w*) (?:todas )?(?:as )?(?:suas|tuas|essas|teus|seus) (?:regras|politicas|limites)\\b|\\b(?:ignor\\w*|desconsider\\w*|esquec\\w*|esqueca) (?:todas )?(?:as )?(?:regras|politicas) (?:anteriores|acima|iniciais|do sistema|de seguranca|que te (?:deram|passaram))\\b|\\b(?:esquec\\w*|ignor\\w*|desconsider\\w*) tudo (?:o )?que (?:te |lhe )?(?:disseram|falaram|ensinaram|mandaram|pediram|passaram|programaram|configuraram|foi dito|esta acima|eu disse antes)\\b`),
  },
  {
    id: 'pt.injection.pretend',
    category: 'prompt_injection',
    lang: 'pt',
    re: r(`\\b(?:finj\\w*|fing\\w*|faca de conta|faz de conta|simul\\w*|imagin\\w*) (?:que )?${YOU} (?:e|eh|seja|fosse|nao tem|nao e|esta|agora|sera|virou|nao precisa)\\b|\\b(?:finj\\w*|fing\\w*|fingir) (?:ser|que e|que eh)\\b|\\bfinja que\\b`),
  },
  {
    id: 'pt.injection.new_persona',
    category: 'prompt_injection',
    lang: 'pt',
    re: r(`\\b(?:a partir de agora|de agora em diante|daqui pra frente|daqui para frente) ${YOU} (?:e|eh|sera|vai ser|se chama|atua|responde|nao)\\b|\\b${YOU} agora (?:e|eh) (?:um|uma|o|a)\\b|\\b${YOU} nao (?:e|eh) mais (?:a |o |um |uma )?(?:assistente|ia|bot|robo)\\b|\\b(?:aja|age|aje|agir|atue|atua|atuar|responda|responde|fale|fala|comporte se|se comporte|haja) como (?:se fosse )?(?:se )?(?:um |uma |o |a )?(?:hacker|ia sem|outra ia|chatgpt|gpt|dan|desenvolvedor|admin|administrador|root|sistema|ia malvada|ia sem filtro)\\b`),
  },
  {
    id: 'pt.injection.reveal_prompt',
    category: 'prompt_injection',
    lang: 'pt',
    re: r(
      `\\b(?:mostr\\w*|revel\\w*|exib\\w*|imprim\\w*|repit\\w*|repete|copi\\w*|cole|escrev\\w*|vaz\\w*|me passa|me manda|me envia|me mostra) ${GAP}(?:prompt|prompts|instrucoes (?:iniciais|originais|do sistema|ocultas|secretas|internas)|mensagem do sistema|regras internas|configuracao interna|configuracoes internas)\\b` +
        `|\\b(?:qual|quais|diga|diz|fala|me da|me fala|me diz|conta) (?:e |eh |sao |foi |foram )?(?:o |a |os |as )?(?:seu|sua|seus|suas|teu|tua|teus|tuas) (?:prompt|prompts|instrucoes|regras internas|configuracao|configuracoes|programacao)\\b` +
        `|\\b(?:instrucoes|regras|ordens) (?:ocultas|secretas|escondidas)\\b` +
        `|\\b(?:repit\\w*|repete|copi\\w*|mostr\\w*|imprim\\w*|escrev\\w*) (?:o |todo o |a )?(?:texto|conteudo|mensagem) (?:acima|anterior|inicial|original|que te deram)\\b` +
        `|\\bignor\\w* (?:tudo )?(?:o que (?:esta|foi dito) )?acima\\b`,
    ),
  },
  {
    id: 'pt.injection.disable_filters',
    category: 'prompt_injection',
    lang: 'pt',
    re: r(`\\b(?:remov\\w*|desativ\\w*|deslig\\w*|desabilit\\w*|tir\\w*|ignor\\w*|quebr\\w*) (?:os |as |seus |suas |teus |tuas |qualquer |quaisquer |todos os |todas as )?(?:filtros|restricoes|censura|guardrails|travas|regras de seguranca|protecoes|bloqueios)\\b|\\b(?:responda|fale|aja|responde|fala) sem (?:filtros|filtro|restricoes|censura|limites|regras)\\b`),
  },
  {
    id: 'pt.data.bulk_users',
    category: 'data_fishing',
    lang: 'pt',
    re: r(`\\b(?:todos|todas|lista|listar|liste|lista de|listagem|relacao de|exporta\\w*|baixa\\w*|quero|queria|mostr\\w*|me passa|me da|me manda) ${GAP}(?:usuarios|usuario|perfis|cadastros|contas|logins|cpfs|senhas|emails|telefones|enderecos)\\b(?! do (?:${INSTITUTION_WORD}|gov))|\\b(?:todos|todas|lista|listar|liste|lista de|mostr\\w*) ${GAP}(?:alunos|estudantes|pessoas) (?:cadastrad|registrad|que (?:usam|usaram|falaram|conversaram)|da plataforma|do sistema|daqui|do banco)`),
  },
  {
    id: 'pt.data.other_people',
    category: 'data_fishing',
    lang: 'pt',
    re: r(`\\b(?:dados|informacoes|info|perfil|perfis|cpf|cpfs|senha|senhas|email|emails|telefone|telefones|endereco|historico|conversas|mensagens|notas|nota|renda)(?: pessoais)? (?:de|do|da|dos|das) (?:outr[oa]s?|outra pessoa|outro usuario|outros usuarios|outro aluno|outros alunos|outra aluna|outras alunas|outro estudante|outros estudantes|terceiros|alguem|todo mundo|todos os usuarios|todos os alunos|fulano|demais usuarios|demais alunos|usuarios|clientes)\\b`),
  },
  {
    id: 'pt.data.credentials',
    category: 'data_fishing',
    lang: 'pt',
    re: r(`\\b(?:senha|senhas|login|credenciais|token|chave|api key|cpf|cpfs) (?:de|do|da|dos) (?:admin|administrador|administradora|root|sistema|banco|servidor|desenvolvedor|dono|usuario|usuarios|outro|outra|outros|funcionario|funcionarios)\\b|\\b(?:me (?:passa|da|fala|manda|diz|informa)|descobr\\w*|consegu\\w*|ach\\w*) (?:o |a )?(?:cpf|senha) (?:d[aoe]s?) (?!meu |minha |responsavel|candidato|${INSTITUTION_WORD}|gov|portal|site)\\w+`),
  },
  {
    id: 'pt.data.database',
    category: 'data_fishing',
    lang: 'pt',
    re: r(`\\b(?:dump|despej\\w*|export\\w*|baix\\w*|mostr\\w*|list\\w*|copi\\w*|acess\\w*|apag\\w*|delet\\w*|vaz\\w*|extrai\\w*|me passa|me da) ${GAP}(?:banco de dados|database|db|tabela|tabelas|base de dados|bd)\\b|\\b(?:user profiles|moderation logs|golden examples|usuarios cadastrados)\\b|\\b(?:quem mais (?:usa|usou|conversa|conversou|falou|perguntou)|o que (?:os )?outros (?:alunos|usuarios|estudantes) (?:perguntaram|falaram|disseram|escreveram))\\b`),
  },
  {
    id: 'pt.abuse.curse',
    category: 'abuse',
    lang: 'pt',
    re: r(`\\bvai (?:se |te )?(?:f[uo]?d\\w*|lascar|ferrar)\\b|\\bvai tomar (?:no|na) (?:cu|c|olho|bunda)\\b|\\b(?:vtnc|vsf|tnc|fdp|pnc|vtmnc)\\b|\\bvai (?:pra|para) (?:puta que (?:te )?pariu|casa do caralho|pqp|o inferno)\\b|\\bfilh[oa] d[ae] (?:puta|mae|uma egua)\\b|\\bcala (?:a )?(?:boca|matraca)\\b|\\bsome daqui\\b|\\benfia (?:no|isso no) cu\\b`),
  },
  {
    id: 'pt.abuse.insult_aimed',
    category: 'abuse',
    lang: 'pt',
    re: r(`\\b${INSULT_TARGET} ${INTENSIFIER}${INSULTS}\\b|\\b(?:e|eh|sao|que) (?:um |uma |uns |umas )?(?:grande |baita |mo )?(?:idiota|imbecil|burr[oa]|estupid[oa]|retardad[oa]|otari[oa]|babaca|arrombad[oa]|escrot[oa]|cretin[oa])s?\\b(?! (?:eu|que eu|mesmo eu))`),
  },
  {
    id: 'pt.abuse.slur',
    category: 'abuse',
    lang: 'pt',
    re: r(`\\b(?:arrombad[oa]s?|desgracad[oa]s?|piranhas?|vagabundas?|vadias?|traveco|crioul[oa]s?|mongoloides?|cuzao|retardad[oa]s?|imbecis|imbecil|preto imundo|negro imundo|macaco imundo|judeu imundo|baianada|paraiba de merda|nordestino de merda)\\b`),
  },
  {
    id: 'pt.abuse.threat',
    category: 'abuse',
    lang: 'pt',
    re: r(
      `\\b(?:vou|vamos|quero|queria|vontade de|eu vou) te (?:matar|espancar|esfaquear|estuprar|bater|socar|arrebentar|quebrar (?:todo|todinh[oa])|pegar la fora)\\b` +
        `|\\b(?:vou|vamos|quero|queria|vontade de) (?:matar|espancar|esfaquear|estuprar|socar|arrebentar) (?:voce|vc|ele|ela|eles|elas|todo mundo|todos|geral|alguem)\\b` +
        `|\\b(?:vou|vamos|quero|queria|vontade de) (?:matar|espancar|esfaquear|estuprar|socar|arrebentar) (?:meu|minha|meus|minhas|seu|sua|o|a|os|as|esse|essa|aquele|aquela) ${NOT_PEOPLE}\\w+` +
        `|\\b(?:explodir|atacar|atirar (?:em|na|no)|massacre (?:na|no)|chacina (?:na|no)|tiroteio (?:na|no)) (?:a |o )?(?:escola|faculdade|universidade|colegio|todo mundo|todos)\\b`,
    ),
  },
];
