// The mini-CRM's own tables. Every row carries a `workspace` (the engine passes the session or
// user id), so conversations and tests never see each other's leads.
import type { Migration } from 'switchboard';

export const migrations: Migration[] = [
  {
    id: 'mini-crm-001-tables',
    sql: `
CREATE TABLE IF NOT EXISTS crm_leads (
  id text PRIMARY KEY,
  workspace text NOT NULL,
  nome text NOT NULL,
  empresa text,
  telefone text,
  email text,
  origem text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_leads_workspace_idx ON crm_leads (workspace, created_at);

CREATE TABLE IF NOT EXISTS crm_notes (
  id text PRIMARY KEY,
  workspace text NOT NULL,
  lead_id text NOT NULL REFERENCES crm_leads(id) ON DELETE CASCADE,
  texto text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_notes_lead_idx ON crm_notes (lead_id, created_at);

CREATE TABLE IF NOT EXISTS crm_tasks (
  id text PRIMARY KEY,
  workspace text NOT NULL,
  lead_id text REFERENCES crm_leads(id) ON DELETE SET NULL,
  titulo text NOT NULL,
  prazo timestamptz,
  concluida boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_tasks_workspace_idx ON crm_tasks (workspace, concluida, prazo);

CREATE TABLE IF NOT EXISTS crm_proposals (
  id text PRIMARY KEY,
  workspace text NOT NULL,
  lead_id text REFERENCES crm_leads(id) ON DELETE SET NULL,
  titulo text NOT NULL,
  status text NOT NULL DEFAULT 'rascunho',
  subtotal numeric(14,2) NOT NULL DEFAULT 0,
  desconto numeric(14,2) NOT NULL DEFAULT 0,
  total numeric(14,2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_proposals_workspace_idx ON crm_proposals (workspace, created_at);

CREATE TABLE IF NOT EXISTS crm_proposal_items (
  id text PRIMARY KEY,
  proposal_id text NOT NULL REFERENCES crm_proposals(id) ON DELETE CASCADE,
  descricao text NOT NULL,
  quantidade numeric(12,3) NOT NULL DEFAULT 1,
  preco_unitario numeric(14,2) NOT NULL,
  total numeric(14,2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_proposal_items_proposal_idx ON crm_proposal_items (proposal_id, created_at);
`,
  },
];
