// The console's shared table and card, drawn to HTML: the DOM the tabs, their styles and the browser tests rely on.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { Card, DataTable, EmptyNote, ErrorNote, SaveStatus, errorText, type Column } from './index.ts';

type Row = { id: string; name: string; n: number; on: boolean };
const rows: Row[] = [
  { id: 'a', name: 'Alpha', n: 3, on: true },
  { id: 'b', name: 'Beta', n: 12, on: false },
];
const columns: Column<Row>[] = [
  { header: 'Name', rowHeader: true, cell: (r) => r.name },
  { header: 'Count', className: 'num', cell: (r) => r.n },
  { header: 'Bar', decorative: true, cell: () => <span className="bar" /> },
  { header: 'Remove', hideHeader: true, cell: (r) => <button type="button">x{r.id}</button> },
];

const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('DataTable', () => {
  it('draws a header row, one row per item with its key attributes, and the naming cell as a row header', () => {
    const out = html(<DataTable rows={rows} columns={columns} rowKey={(r) => r.id} rowAttributes={(r) => ({ className: r.on ? 'on' : 'off', 'data-testid': `row-${r.id}` })} className="things" testId="things-table" />);
    expect(out.startsWith('<div class="table-wrap"><table class="things" data-testid="things-table">')).toBe(true);
    expect(out).toContain('<thead><tr><th scope="col">Name</th><th scope="col" class="num">Count</th><th scope="col" aria-hidden="true">Bar</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead>');
    expect(out).toContain('<tr class="on" data-testid="row-a"><th scope="row">Alpha</th><td class="num">3</td><td aria-hidden="true"><span class="bar"></span></td><td><button type="button">xa</button></td></tr>');
    expect(out).toContain('<tr class="off" data-testid="row-b">');
    expect(out.match(/<tr /g)).toHaveLength(2);
  });

  it('draws nothing while loading, the empty note when there are no rows, and an empty table when no note is given', () => {
    expect(html(<DataTable rows={null} columns={columns} rowKey={(r) => r.id} empty="Nothing yet" />)).toBe('');
    expect(html(<DataTable rows={[]} columns={columns} rowKey={(r) => r.id} empty="Nothing yet" />)).toBe('<p class="empty">Nothing yet</p>');
    const bare = html(<DataTable rows={[]} columns={columns} rowKey={(r) => r.id} />);
    expect(bare).toContain('<thead>');
    expect(bare).toContain('<tbody></tbody>');
  });

  it('says it is loading while the rows are on their way, when given the words for it', () => {
    expect(html(<DataTable rows={null} loading="Loading…" columns={columns} rowKey={(r) => r.id} empty="Nothing yet" testId="things-table" />)).toBe(
      '<p class="empty" role="status" data-testid="things-table-loading">Loading…</p>',
    );
    expect(html(<DataTable rows={[]} loading="Loading…" columns={columns} rowKey={(r) => r.id} empty="Nothing yet" />)).toBe('<p class="empty">Nothing yet</p>');
  });

  it('can stand without its scrolling wrapper and carry a caption for screen readers', () => {
    const out = html(<DataTable wrap={false} caption="Trace" rows={rows} columns={columns} rowKey={(_r, i) => i} />);
    expect(out.startsWith('<table><caption class="visually-hidden">Trace</caption><thead>')).toBe(true);
  });
});

describe('Card', () => {
  it('is a section named by its heading, with what stands beside the heading and a hint under it', () => {
    const out = html(
      <Card title="Intents" aside={<SaveStatus status={{ kind: 'saved', text: 'Saved' }} testId="s" />} hint="Switch per intent" testId="card" className="wide">
        <p>body</p>
      </Card>,
    );
    const id = /aria-labelledby="([^"]+)"/.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(out).toContain(`<section class="card wide" aria-labelledby="${id}" data-testid="card"><div class="card-head"><h2 id="${id}">Intents</h2>`);
    expect(out).toContain('<p class="save-status saved" role="status" aria-live="polite" data-testid="s">Saved</p></div><p class="hint">Switch per intent</p><p>body</p></section>');
  });

  it('has an empty status before anything was saved, and notes for errors and empty lists', () => {
    expect(html(<SaveStatus status={null} as="span" />)).toBe('<span class="save-status " role="status" aria-live="polite"></span>');
    expect(html(<ErrorNote error={null} />)).toBe('');
    expect(html(<ErrorNote error="boom" />)).toBe('<p class="error" role="alert">boom</p>');
    expect(html(<EmptyNote center>none</EmptyNote>)).toBe('<p class="empty center">none</p>');
  });
});

describe('errorText', () => {
  it('says a change needs the admin token when the server refused it (403), else the error itself', () => {
    const t = { needsAdmin: 'Needs the admin token' };
    expect(errorText(new ApiError(403, 'forbidden'), t)).toBe('Needs the admin token');
    expect(errorText(new ApiError(409, 'conflict'), t)).toBe('conflict');
    expect(errorText(new Error('network down'), t)).toBe('network down');
  });
});
