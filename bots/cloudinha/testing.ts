// Test helpers: the bot's offers table loaded from a data folder, and a tiny hand-made edu-br data folder whose
// every row a test can reason about (a store for the tests: the runtime's `memoryStore({ migrations })`).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTable, readBotConfig, type Sql } from 'switchboard';

export const EDU_DATA_DIR = fileURLToPath(new URL('../../../shared/edu-br/', import.meta.url));

const botDir = fileURLToPath(new URL('.', import.meta.url));
const table = readBotConfig(botDir).tables.opportunities;
/** The files bot.yaml `tables.opportunities` reads. */
const DATA_FILES = { sisu: table.sources[0].file, prouni: table.sources[1].file, igc: table.lookups.igc.file };

/** bot.yaml `tables.opportunities` loaded by the runtime from `dataDir` (at most `maxRows` lines of each source). */
export function loadData(sql: Sql, dataDir: string, opts: { maxRows?: number; log?: (m: string) => void } = {}) {
  return loadTable(sql, readBotConfig(botDir), 'opportunities', { botDir, env: { CLOUDINHA_DATA_DIR: dataDir }, ...opts });
}

const SISU_HEADER =
  'NU_ANO,NU_EDICAO,CO_IES,NO_IES,SG_IES,DS_ORGANIZACAO_ACADEMICA,DS_CATEGORIA_ADM,NO_CAMPUS,NO_MUNICIPIO_CAMPUS,SG_UF_CAMPUS,DS_REGIAO_CAMPUS,CO_IES_CURSO,NO_CURSO,DS_GRAU,DS_TURNO,TP_MOD_CONCORRENCIA,DS_MOD_CONCORRENCIA,NU_PERCENTUAL_BONUS,QT_VAGAS_CONCORRENCIA,NU_NOTACORTE,QT_INSCRICAO';
const sisu = (code: string, ies: string, sigla: string, city: string, uf: string, course: string, turno: string, cutoff: string) =>
  `2023,1,${code},${ies},${sigla},Universidade,Pública Federal,Campus ${city},${city},${uf},Nordeste,1,${course},Bacharelado,${turno},A,Ampla concorrência,0,40,${cutoff},100`;

const PROUNI_HEADER =
  'grau,turno,mensalidade,bolsa_integral_cotas,bolsa_integral_ampla,bolsa_parcial_cotas,bolsa_parcial_ampla,curso_id,curso_busca,cidade_busca,uf_busca,cidade_filtro,universidade_nome,campus_nome,campus_external_id,nome,nota_integral_ampla,nota_integral_cotas,nota_parcial_ampla,nota_parcial_cotas';
const prouni = (turno: string, fee: string, integral: string, parcial: string, city: string, uf: string, ies: string, course: string, notaInt: string, notaParc: string) =>
  `Bacharelado,${turno},${fee},,${integral},,${parcial},1,${course},${city},${uf},x,${ies},${city} - Centro,1,${course},${notaInt},,${notaParc},`;

const IGC_HEADER =
  'Ano,Código da IES*,Nome da IES*,Sigla da IES*,Organização Acadêmica*,Categoria Administrativa,Sigla da UF,Nº de Cursos com CPC no triênio,Alfa (Proporção de Graduação),Conceito Médio de Graduação,Beta (Proporção de Mestrado - Equivalente),Conceito Médio de Mestrado,Gama (Proporção de Doutorandos – Equivalente),Conceito Médio do doutorado,IGC (Contínuo),IGC (Faixa),TX_OBS';
const igc = (code: string, name: string, sigla: string, uf: string, value: string) =>
  `2021,${code},${name},${sigla},Universidade,Pública Federal,${uf},10,0.5,3,0.2,4,0.1,4,${value},4,`;

/**
 * Write a small edu-br folder: 7 Sisu rows, 4 Prouni courses (5 offers), 4 IGC rows.
 * Sisu: UFPE Recife DIREITO (Matutino 760, Noturno 720), UFPE Caruaru DIREITO Noturno 680, UFRPE Recife
 * ENGENHARIA CIVIL Integral 690 and MEDICINA VETERINÁRIA Integral 740, UNICAMP Campinas MEDICINA Integral 800,
 * UFPE Recife LETRAS Vespertino with cut-off 0 (none).
 * Prouni: UNICAP Recife Direito Noturno (integral 650 + parcial 610), FX Recife Administração EaD (integral 520),
 * UNIP Campinas Direito Matutino (integral 600), UNICAP Olinda Pedagogia Noturno (parcial 500).
 * IGC: UFPE 4.1, UFRPE 3.9, UNICAMP 4.5, UNICAP (by name) 3.5; FX and UNIP have none.
 */
export function writeFixtureData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cloudinha-edu-'));
  writeFileSync(
    join(dir, DATA_FILES.sisu),
    [
      SISU_HEADER,
      sisu('578', 'UNIVERSIDADE FEDERAL DE PERNAMBUCO', 'UFPE', 'Recife', 'PE', 'DIREITO', 'Matutino', '760.5'),
      sisu('578', 'UNIVERSIDADE FEDERAL DE PERNAMBUCO', 'UFPE', 'Recife', 'PE', 'DIREITO', 'Noturno', '720'),
      sisu('578', 'UNIVERSIDADE FEDERAL DE PERNAMBUCO', 'UFPE', 'Caruaru', 'PE', 'DIREITO', 'Noturno', '680'),
      sisu('587', 'UNIVERSIDADE FEDERAL RURAL DE PERNAMBUCO', 'UFRPE', 'Recife', 'PE', 'ENGENHARIA CIVIL', 'Integral', '690'),
      sisu('587', 'UNIVERSIDADE FEDERAL RURAL DE PERNAMBUCO', 'UFRPE', 'Recife', 'PE', 'MEDICINA VETERINÁRIA', 'Integral', '740'),
      sisu('2', 'UNIVERSIDADE ESTADUAL DE CAMPINAS', 'UNICAMP', 'Campinas', 'SP', 'MEDICINA', 'Integral', '800'),
      sisu('578', 'UNIVERSIDADE FEDERAL DE PERNAMBUCO', 'UFPE', 'Recife', 'PE', 'LETRAS', 'Vespertino', '0'),
    ].join('\n'),
  );
  writeFileSync(
    join(dir, DATA_FILES.prouni),
    [
      PROUNI_HEADER,
      prouni('Noturno', '1500.0', '2', '3', 'Recife', 'PE', 'Universidade Católica de Pernambuco - UNICAP', 'Direito', '650.0', '610.0'),
      prouni('Curso a Distância', '299.0', '1', '', 'Recife', 'PE', 'Faculdade Xis - FX', 'Administração', '520.0', ''),
      prouni('Matutino', '1200.0', '4', '', 'Campinas', 'SP', 'Universidade Paulista - UNIP', 'Direito', '600.0', ''),
      prouni('Noturno', '800.0', '', '2', 'Olinda', 'PE', 'Universidade Católica de Pernambuco - UNICAP', 'Pedagogia', '', '500.0'),
    ].join('\n'),
  );
  writeFileSync(
    join(dir, DATA_FILES.igc),
    [
      IGC_HEADER,
      igc('578', 'UNIVERSIDADE FEDERAL DE PERNAMBUCO', 'UFPE', 'PE', '4.1'),
      igc('587', 'UNIVERSIDADE FEDERAL RURAL DE PERNAMBUCO', 'UFRPE', 'PE', '3.9'),
      igc('2', 'UNIVERSIDADE ESTADUAL DE CAMPINAS', 'UNICAMP', 'SP', '4.5'),
      igc('999', 'UNIVERSIDADE CATÓLICA DE PERNAMBUCO', 'UNICAP', 'PE', '3.5'),
    ].join('\n'),
  );
  return dir;
}
