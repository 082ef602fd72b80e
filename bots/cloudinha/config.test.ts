import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { botConfigSchema } from 'switchboard/testing';
import { eligibilitySettings } from './eligibility.ts';

const here = (p: string) => new URL(p, import.meta.url);
const config = botConfigSchema.parse(parse(readFileSync(here('./bot.yaml'), 'utf8')));

describe('cloudinha bot.yaml', () => {
  it('validates against the bot schema with the expected gate and understanding', () => {
    expect(config).toMatchObject({ id: 'cloudinha', language: 'pt-BR', requireUser: true, guardrails: { enabled: true, institutions: expect.arrayContaining(['Sisu', 'ENEM']) } });
    expect(config.understanding).toMatchObject({ mode: 'local', fallback: 'root', exclusive: [], multiIntent: false });
    expect(config.understanding.threshold).toBeCloseTo(0.5, 1);
  });

  it('has the five intents, each with a label, a description and 25+ distinct examples', () => {
    expect(Object.keys(config.intents).sort()).toEqual(['exit', 'match', 'prouni', 'root', 'sisu']);
    const seen = new Map<string, string>();
    for (const [id, intent] of Object.entries(config.intents)) {
      expect(intent.label, id).not.toBe('');
      expect(intent.description, id).not.toBe('');
      expect(intent.examples.length, id).toBeGreaterThanOrEqual(25);
      for (const ex of intent.examples) {
        const key = ex.toLowerCase().trim();
        expect(seen.get(key), `"${ex}" in ${id} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, id);
      }
    }
  });

  it('keeps amounts and thresholds in settings', () => {
    expect(eligibilitySettings(config.settings)).toEqual({ minimumWage: 1412, thresholds: { integralMax: 1.5, parcialMax: 3 } });
  });

  it('has block, onboarding, match, eligibility and source replies', () => {
    for (const key of [
      'blocked_unknown_user', 'blocked_unsafe', 'blocked_self_harm', 'ask_name', 'ask_age', 'ask_city', 'ask_education',
      'ask_course', 'ask_enem_score', 'ask_shift', 'ask_institution_type', 'ask_income', 'eligibility_prouni_integral',
      'eligibility_prouni_parcial', 'eligibility_sisu', 'no_results', 'source_calendar', 'source_knowledge', 'source_web',
    ]) {
      expect(config.replies[key], key).toBeTruthy();
    }
    expect(config.replies.blocked_self_harm).toContain('188');
    expect(config.replies.source_calendar).toBe('Fonte: calendário oficial (edição 2019/1)');
  });

  it('labels every tool in Portuguese', () => {
    expect(config.toolLabels).toEqual({
      getStudentProfile: 'Consultando seu perfil…',
      updateStudentProfile: 'Salvando seus dados…',
      searchOpportunities: 'Buscando oportunidades…',
      computeEligibility: 'Calculando sua elegibilidade…',
      getImportantDates: 'Buscando datas…',
      knowledgeSearch: 'Consultando a base de conhecimento…',
      webSearch: 'Pesquisando na web…',
      logModeration: 'Registrando…',
    });
  });

  it('ships Sisu and Prouni knowledge documents split in ## sections', () => {
    const docs = readdirSync(here(`./${config.knowledge}`)).filter((f) => f.endsWith('.md'));
    expect(docs).toEqual(expect.arrayContaining(['sisu.md', 'prouni.md']));
    for (const doc of docs) {
      const text = readFileSync(here(`./${config.knowledge}${doc}`), 'utf8');
      expect(text.match(/^## /gm)?.length ?? 0, doc).toBeGreaterThanOrEqual(5);
    }
  });
});
