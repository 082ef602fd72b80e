import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';
import { checkBot } from './check.ts';

const tutorial = resolve(projectRoot, 'examples', 'clinica');

/** A copy of the tutorial bot with one thing broken. */
function broken(change: (dir: string) => void): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'sb-check-')), 'clinica');
  cpSync(tutorial, dir, { recursive: true });
  change(dir);
  return dir;
}

const editYaml = (dir: string, from: string | RegExp, to: string) => {
  const file = join(dir, 'bot.yaml');
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`nothing replaced: ${from}`);
  writeFileSync(file, next);
};

const errors = (dir: string) => checkBot(dir, { crossValidate: false }).findings.filter((f) => f.level === 'error').map((f) => `${f.field}: ${f.message}`);

describe('switchboard check on bot folders', () => {
  it('passes the tutorial bot, with its cross-validated accuracy and data share', () => {
    const c = checkBot(tutorial, { folds: 3 });
    expect(c.findings.filter((f) => f.level === 'error')).toEqual([]);
    expect(c.crossValidation!.n).toBeGreaterThan(40);
    expect(c.crossValidation!.accuracy).toBeGreaterThan(0.3);
    expect(c.ratio).toMatchObject({ codeLines: 0, share: 1 });
  });

  it("a validator or predicate bot.yaml names without an index.ts: an error saying what to add (loading would refuse the bot)", () => {
    const dir = broken((d) => {
      editYaml(d, 'validate: { min: "08:00", max: "18:00" }', 'validate: { min: "08:00", max: "18:00", use: horarioLivre }');
      editYaml(d, '  fallback: conversa\n', '  fallback: conversa\n  refine:\n    - { when: { intents: duvida, check: falaDePreco }, then: [duvida] }\n');
    });
    expect(errors(dir)).toEqual([
      "forms.agendamento.slots.hora.validate.use: names 'horarioLivre', which only code gives, and the bot has no index.ts: add one exporting defineBot({ specialists: {}, validators: { horarioLivre } }) (docs/how-to/code.md), or remove it",
      "understanding.refine[0].when.check: names 'falaDePreco', which only code gives, and the bot has no index.ts: add one exporting defineBot({ specialists: {}, predicates: { falaDePreco } }) (docs/how-to/code.md), or remove it",
    ]);
    // With code, the names are checked when the code loads (check does not run it).
    writeFileSync(join(dir, 'index.ts'), "import { defineBot } from 'switchboard';\nexport default defineBot({ specialists: {} });\n");
    expect(errors(dir)).toEqual([]);
  });

  it('a typo in a key names the nearest valid key', () => {
    const dir = broken((d) => editYaml(d, '    handoff: true', '    handof: true'));
    expect(errors(dir)).toEqual(["intents.atendente.handof: unknown key 'handof' — did you mean 'handoff'? (valid here: label, description, handoff, predefined, examples, freeText, opening, aliases, slots, answer, search)"]);
  });

  it('a missing knowledge folder, and an empty one', () => {
    expect(errors(broken((d) => editYaml(d, 'knowledge: knowledge/', 'knowledge: knowledg/')))).toEqual([expect.stringMatching(/^knowledge: folder 'knowledg\/' does not exist/)]);
    const empty = broken((d) => {
      rmSync(join(d, 'knowledge'), { recursive: true });
      mkdirSync(join(d, 'knowledge'));
    });
    expect(errors(empty)).toEqual(["knowledge: 'knowledge/' has no markdown documents"]);
  });

  it('a reply key a form uses but replies lack', () => {
    const dir = broken((d) => editYaml(d, /ask: "Para qual dia\?"/, 'ask: ask_data'));
    expect(errors(dir)).toEqual(["forms.agendamento.slots.data.ask: reply key 'ask_data' is not in replies"]);
  });

  it('reply keys the action queue names that replies lack', () => {
    const dir = broken((d) => writeFileSync(join(d, 'bot.yaml'), `${readFileSync(join(d, 'bot.yaml'), 'utf8')}\nactions:\n  intents:\n    atendente: { reply: pedido_anotado }\n`));
    expect(errors(dir)).toEqual([
      "actions.done: reply key 'actions_done' is not in replies",
      "actions.failed: reply key 'actions_failed' is not in replies",
      "actions.failure: reply key 'action_failed' is not in replies",
      "actions.unexpected: reply key 'action_unexpected' is not in replies",
      "actions.intents.atendente.reply: reply key 'pedido_anotado' is not in replies",
    ]);
  });

  it('reply keys the tool cascade says that replies lack, and a calendar file that is not there', () => {
    const dir = broken((d) => {
      editYaml(d, /\n  duvida:\n/, '\n  duvida:\n    answer: { from: [calendar, knowledge, web], opening: abrir_duvida }\n');
      writeFileSync(join(d, 'bot.yaml'), `${readFileSync(join(d, 'bot.yaml'), 'utf8')}\nanswers:\n  calendar: { file: ../datas.csv, questions: [quando] }\n  replies: { web: fonte_web }\n`);
    });
    expect(errors(dir)).toEqual([
      "answers.replies.calendar: reply key 'source_calendar' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.knowledge: reply key 'source_knowledge' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.web: reply key 'fonte_web' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.none: reply key 'web_unavailable' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.dates: reply key 'dates_header' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.range: reply key 'date_range' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.from: reply key 'date_from' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.until: reply key 'date_until' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "answers.replies.undated: reply key 'date_unknown' is not in replies (the tool cascade says it; \"\" to say nothing)",
      "intents.duvida.answer.opening: reply key 'abrir_duvida' is not in replies (the tool cascade says it; \"\" to say nothing)",
    ]);
    expect(checkBot(dir, { crossValidate: false }).findings).toContainEqual({
      level: 'warning',
      file: 'bot.yaml',
      field: 'answers.calendar.file',
      message: "'../datas.csv' does not exist: the calendar has only its inline rows",
    });
  });

  it("a form's askMany key and a slot's label that replies lack", () => {
    const dir = broken((d) => {
      editYaml(d, /\n    cancel: /, '\n    askMany: pedir_varios\n    cancel: ');
      editYaml(d, /ask: "Para qual dia\?"/, 'ask: "Para qual dia?"\n        label: rotulo_dia');
    });
    expect(errors(dir)).toEqual([
      "forms.agendamento.askMany: reply key 'pedir_varios' is not in replies",
      "forms.agendamento.slots.data.label: reply key 'rotulo_dia' is not in replies",
    ]);
  });

  it("a form's undone key, and a key a validator says, that replies lack", () => {
    const dir = broken((d) => {
      editYaml(d, /\n    cancel: /, '\n    undone: agendamento_desfeito\n    cancel: ');
      writeFileSync(join(d, 'index.ts'), "export const v = () => ({ ok: false, say: 'horario_ocupado' });\n");
    });
    const c = checkBot(dir, { crossValidate: false });
    expect(errors(dir)).toEqual(["forms.agendamento.undone: reply key 'agendamento_desfeito' is not in replies"]);
    expect(c.findings).toContainEqual({ level: 'warning', file: 'index.ts', field: "say: 'horario_ocupado'", message: "reply key 'horario_ocupado' is not in bot.yaml replies (it is said as it is written)" });
  });

  it('the same example under two intents, and too few examples', () => {
    const dir = broken((d) => {
      editYaml(d, '      - quanto custa uma limpeza?', '      - quanto custa uma limpeza?\n      - quero marcar uma consulta');
      editYaml(d, /conversa:\n    label: Conversa\n    examples:\n(?:      - .*\n)+/, 'conversa:\n    label: Conversa\n    examples: [oi, obrigado]\n');
    });
    const c = checkBot(dir, { crossValidate: false });
    expect(c.findings).toEqual(
      expect.arrayContaining([
        { level: 'error', file: 'bot.yaml', field: 'intents.duvida.examples', message: '"quero marcar uma consulta" is also an example of agendar: the classifier cannot tell them apart' },
        { level: 'warning', file: 'bot.yaml', field: 'intents.conversa.examples', message: '2 examples: give at least 5, in the words customers use' },
      ]),
    );
  });

  it("quotes the author's own words for examples that are one once normalised", () => {
    const dir = broken((d) => {
      editYaml(d, '      - kkkk\n', '      - kkkk\n      - vlw\n');
      editYaml(d, '      - quanto custa uma limpeza?', '      - quanto custa uma limpeza?\n      - Oi!');
    });
    const messages = checkBot(dir, { crossValidate: false }).findings.map((f) => `${f.field}: ${f.message}`);
    expect(messages).toContain('intents.conversa.examples: "vlw" and "valeu!" are one example once read (slang, accents and case folded)');
    expect(messages).toContain('intents.conversa.examples: "oi" reads as "Oi!", an example of duvida: the classifier cannot tell them apart');
    expect(messages.join('\n')).not.toContain('twice');
  });
});
