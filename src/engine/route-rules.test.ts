import { describe, expect, it } from 'vitest';
import { botConfigSchema, checkedBotConfigSchema, type BotConfig } from '../bot/config.ts';
import { writeProfile } from '../profile/index.ts';
import { memoryStore } from '../store/index.ts';
import type { Sql } from '../store/index.ts';
import { checkRefinePredicates } from './refine-rules.ts';
import { checkRoutingTargets, routeTurn, ruleThatRouted, withRouteRules, workflowChange } from './route-rules.ts';
import type { BotDefinition, RefinePredicate, RouteContext } from './types.ts';

/** A tutor (es) with two subjects kept as workflows and an onboarding form that completes the profile. */
function tutor(rules: unknown[], over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'tutor',
    language: 'es',
    understanding: { fallback: 'charla' },
    intents: { charla: { label: 'Charla' }, mate: { label: 'Mate' }, fisica: { label: 'Física' }, salir: { label: 'Salir' } },
    profile: { fields: { nombre: { kind: 'text' }, listo: { kind: 'boolean' } } },
    forms: { alta: { routing: 'bot', profile: true, completes: 'listo', done: '¡Listo!', slots: { nombre: { kind: 'text', ask: '¿Tu nombre?' } } } },
    routing: { workflows: { mate_wf: 'mate', fisica_wf: 'fisica' }, rules },
    ...over,
  };
}

const configOf = (rules: unknown[]): BotConfig => botConfigSchema.parse(tutor(rules));

interface Turn {
  intents?: string[];
  active?: string | null;
  memory?: Record<string, unknown>;
  user?: string;
  sql?: Sql;
}

function ctxOf(config: BotConfig, text: string, turn: Turn = {}): RouteContext {
  const intents = turn.intents ?? ['charla'];
  const session = { id: 's1', userId: turn.user ?? 'u1', activeWorkflow: turn.active ?? null } as unknown as RouteContext['session'];
  const understanding = { intents: intents.map((id) => ({ id, confidence: 0.8 })), entities: [], language: 'es', source: 'local' } as RouteContext['understanding'];
  return { text, intents, understanding, memory: turn.memory ?? {}, session, bot: config, sql: turn.sql as Sql };
}

/** The routes of one rule `{ when, then }` (`[ok]` when it holds), else the intents. */
async function oneRule(when: Record<string, unknown>, turn: Turn = {}, then: unknown = ['ok'], predicates: Record<string, RefinePredicate> = {}): Promise<string[]> {
  return (await routeTurn({ predicates }, ctxOf(configOf([{ when, then }]), 'hola', turn))).routes;
}

describe('routing.rules conditions', () => {
  it('active: the session workflow routing.workflows names; true for any, false for none; an unknown tag is none', async () => {
    expect(await oneRule({ active: 'mate_wf' }, { active: 'mate_wf' })).toEqual(['ok']);
    expect(await oneRule({ active: ['fisica_wf'] }, { active: 'mate_wf' })).toEqual(['charla']);
    expect(await oneRule({ active: true }, { active: 'fisica_wf' })).toEqual(['ok']);
    expect(await oneRule({ active: false }, { active: null })).toEqual(['ok']);
    expect(await oneRule({ active: false }, { active: 'alta_wf' })).toEqual(['ok']);
    expect(await oneRule({ active: true }, { active: 'alta_wf' })).toEqual(['charla']);
  });

  it('formWaiting: the form has asked a slot (its stage in the memory)', async () => {
    expect(await oneRule({ formWaiting: 'alta' }, { memory: { alta: { stage: 'nombre', slots: {} } } })).toEqual(['ok']);
    expect(await oneRule({ formWaiting: 'alta' }, { memory: { alta: { slots: {}, last: 'done' } } })).toEqual(['charla']);
    expect(await oneRule({ formWaiting: 'alta' })).toEqual(['charla']);
  });

  it("profileComplete: the profile field the forms' completes name is true", async () => {
    const sql = await memoryStore();
    await writeProfile(sql, 'tutor', 'lista', { nombre: 'Ana', listo: true });
    await writeProfile(sql, 'tutor', 'nueva', { nombre: 'Leo' });
    expect(await oneRule({ profileComplete: false }, { sql, user: 'nueva' })).toEqual(['ok']);
    expect(await oneRule({ profileComplete: false }, { sql, user: 'nadie' })).toEqual(['ok']);
    expect(await oneRule({ profileComplete: false }, { sql, user: 'lista' })).toEqual(['charla']);
    expect(await oneRule({ profileComplete: true }, { sql, user: 'lista' })).toEqual(['ok']);
  });

  it("the refine rules' conditions hold too: intents, the text's, and the bot's predicates with the route context", async () => {
    const switching: RefinePredicate = (_text, ctx) => ctx.session.activeWorkflow !== 'mate_wf';
    expect(await oneRule({ intents: 'fisica', maxWords: 2 }, { intents: ['fisica'] })).toEqual(['ok']);
    expect(await oneRule({ intents: 'fisica' }, { intents: ['mate'] })).toEqual(['mate']);
    expect(await oneRule({ check: 'switching' }, { active: 'fisica_wf' }, ['ok'], { switching })).toEqual(['ok']);
    expect(await oneRule({ check: 'switching' }, { active: 'mate_wf' }, ['ok'], { switching })).toEqual(['charla']);
    expect(await oneRule({ notCheck: 'switching' }, { active: 'mate_wf' }, ['ok'], { switching })).toEqual(['ok']);
  });
});

describe('routing.rules targets and order', () => {
  it("then: active is the active workflow's route (a rule without one does not hold); intents the message's", async () => {
    expect(await oneRule({}, { active: 'fisica_wf', intents: ['mate'] }, 'active')).toEqual(['fisica']);
    expect(await oneRule({}, { active: null, intents: ['mate'] }, 'active')).toEqual(['mate']);
    expect(await oneRule({ intents: ['mate', 'fisica'] }, { active: 'fisica_wf', intents: ['mate'] }, 'intents')).toEqual(['mate']);
  });

  it('the first rule that holds decides and is named; none holds: the bot’s route hook, else the intents', async () => {
    const config = configOf([
      { name: 'leave', when: { intents: 'salir' }, then: ['salir'] },
      { name: 'stay', when: { active: true }, then: 'active' },
    ]);
    const ctx = (turn: Turn) => ctxOf(config, 'hola', turn);
    expect(await routeTurn({}, ctx({ intents: ['salir'], active: 'mate_wf' }))).toEqual({ routes: ['salir'], rule: 'routing.rules[0] (leave)' });
    expect(await routeTurn({}, ctx({ intents: ['fisica'], active: 'mate_wf' }))).toEqual({ routes: ['mate'], rule: 'routing.rules[1] (stay)' });
    expect(await routeTurn({}, ctx({ intents: ['fisica'] }))).toEqual({ routes: ['fisica'] });
    expect(await routeTurn({ route: () => ['charla'] }, ctx({ intents: ['fisica'] }))).toEqual({ routes: ['charla'] });
  });
});

describe("the session's subject", () => {
  const config = configOf([]);
  it("a route of routing.workflows puts the session in its workflow (the first such route); other routes leave it as it is", () => {
    expect(workflowChange(config, ['fisica'], false)).toEqual({ workflow: 'fisica_wf' });
    expect(workflowChange(config, ['charla', 'mate', 'fisica'], false)).toEqual({ workflow: 'mate_wf' });
    expect(workflowChange(config, ['charla'], false)).toEqual({});
  });

  it("an exit rule clears the workflow and drops every form's progress, whatever its routes serve", () => {
    expect(workflowChange(config, ['salir'], true)).toEqual({ workflow: null, memory: { alta: null } });
    expect(workflowChange(config, ['mate'], true)).toEqual({ workflow: null, memory: { alta: null } });
  });

  it('the rule that routed says whether it exits', async () => {
    const exiting = configOf([{ name: 'leave', when: { intents: 'salir' }, then: ['salir'], exit: true }]);
    const { route } = withRouteRules(exiting, {} as Pick<BotDefinition, 'predicates' | 'route'>);
    const ctx = ctxOf(exiting, 'chau', { intents: ['salir'], active: 'mate_wf' });
    expect(await route!(ctx)).toEqual(['salir']);
    expect(ruleThatRouted(ctx)).toEqual({ routes: ['salir'], rule: 'routing.rules[0] (leave)', exit: true });
  });
});

describe('routing checks', () => {
  const problems = (rules: unknown[], over: Record<string, unknown> = {}) => {
    const parsed = checkedBotConfigSchema.safeParse(tutor(rules, over));
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('names the intents, workflows and forms that exist, and what profileComplete and active need', () => {
    expect(problems([{ when: { intents: 'mate', active: 'mate_wf', formWaiting: 'alta', profileComplete: true }, then: 'active' }])).toEqual([]);
    expect(problems([{ when: { intents: 'quimica', active: 'quimica_wf', formWaiting: 'registro' }, then: ['mate'] }])).toEqual([
      "routing.rules.0.when.intents: 'quimica' is not one of the intents (charla, mate, fisica, salir)",
      "routing.rules.0.when.active: 'quimica_wf' is not one of routing.workflows (mate_wf, fisica_wf)",
      "routing.rules.0.when.formWaiting: 'registro' is not one of the forms (alta)",
    ]);
    expect(problems([{ when: { profileComplete: false }, then: 'active' }], { profile: undefined, forms: {}, routing: { rules: [{ when: { profileComplete: false }, then: 'active' }] } })).toEqual([
      'routing.rules.0.when.profileComplete: profileComplete needs profile: and a form whose completes names a profile field',
      'routing.rules.0: active needs routing.workflows',
    ]);
    expect(problems([{ when: { intents: 'salir' }, then: 'active', exit: true }])).toEqual(['routing.rules.0.exit: an exit rule cannot route to the active workflow it leaves']);
  });

  it('refuses a route that is no specialist, form or intent, and a predicate the code does not give', () => {
    const config = botConfigSchema.parse(tutor([{ when: { check: 'enTema' }, then: ['tutoria'] }], { routing: { workflows: { mate_wf: 'mate' }, rules: [{ when: { check: 'enTema' }, then: ['tutoria'] }] } }));
    expect(() => checkRoutingTargets(config, { charla: 1, mate: 1 })).toThrow(
      "bot 'tutor': routing.rules[0].then[0] names the route 'tutoria', which is no specialist, form or intent of the bot (charla, mate)",
    );
    expect(() => checkRefinePredicates(config, {})).toThrow("bot 'tutor': routing.rules[0].when.check names 'enTema', which the bot's index.ts does not export in predicates");
  });
});
