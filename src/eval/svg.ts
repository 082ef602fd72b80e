// Inline SVG charts and HTML helpers for the reports: no external assets, no scripts, no CDN.
import { fmt } from './stats.ts';

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface Bin {
  from: number;
  to: number;
  count: number;
}

/** A histogram as vertical bars, with the bin edges on the x axis and optional marker lines (p50, p95…). */
export function histogramSvg(bins: readonly Bin[], opts: { title?: string; unit?: string; markers?: { label: string; value: number }[]; width?: number; height?: number } = {}): string {
  const width = opts.width ?? 560;
  const height = opts.height ?? 220;
  const pad = { l: 40, r: 12, t: opts.title ? 28 : 12, b: 36 };
  const w = width - pad.l - pad.r;
  const h = height - pad.t - pad.b;
  if (!bins.length) return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" role="img"><text x="8" y="24" font-size="12">no data</text></svg>`;
  const maxCount = Math.max(...bins.map((b) => b.count), 1);
  const lo = bins[0].from;
  const hi = bins[bins.length - 1].to;
  const x = (v: number) => pad.l + ((v - lo) / (hi - lo || 1)) * w;
  const y = (c: number) => pad.t + h - (c / maxCount) * h;
  const unit = opts.unit ?? '';
  const bars = bins
    .map((b) => {
      const bx = x(b.from) + 1;
      const bw = Math.max(1, x(b.to) - x(b.from) - 2);
      return `<rect x="${bx.toFixed(1)}" y="${y(b.count).toFixed(1)}" width="${bw.toFixed(1)}" height="${(pad.t + h - y(b.count)).toFixed(1)}" fill="#4f7cac"><title>${esc(`${fmt(b.from)}–${fmt(b.to)} ${unit}: ${b.count}`)}</title></rect>`;
    })
    .join('');
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = lo + f * (hi - lo);
      return `<line x1="${x(v)}" y1="${pad.t + h}" x2="${x(v)}" y2="${pad.t + h + 4}" stroke="#333"/><text x="${x(v)}" y="${pad.t + h + 16}" font-size="10" text-anchor="middle">${esc(fmt(v, v < 10 ? 1 : 0))}</text>`;
    })
    .join('');
  const yTicks = [0, 0.5, 1]
    .map((f) => {
      const c = Math.round(f * maxCount);
      return `<text x="${pad.l - 6}" y="${y(c) + 3}" font-size="10" text-anchor="end">${c}</text><line x1="${pad.l}" x2="${pad.l + w}" y1="${y(c)}" y2="${y(c)}" stroke="#eee"/>`;
    })
    .join('');
  const markers = (opts.markers ?? [])
    .filter((m) => Number.isFinite(m.value))
    .map((m, i) => {
      const mx = Math.min(pad.l + w, Math.max(pad.l, x(m.value)));
      return `<line x1="${mx}" x2="${mx}" y1="${pad.t}" y2="${pad.t + h}" stroke="#c0392b" stroke-dasharray="4 3"/><text x="${mx + 3}" y="${pad.t + 10 + i * 12}" font-size="10" fill="#c0392b">${esc(`${m.label} ${fmt(m.value)} ${unit}`)}</text>`;
    })
    .join('');
  const title = opts.title ? `<text x="${pad.l}" y="18" font-size="13" font-weight="bold">${esc(opts.title)}</text>` : '';
  const xLabel = `<text x="${pad.l + w / 2}" y="${height - 4}" font-size="10" text-anchor="middle">${esc(unit)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="sans-serif">${title}${yTicks}${bars}<line x1="${pad.l}" y1="${pad.t + h}" x2="${pad.l + w}" y2="${pad.t + h}" stroke="#333"/>${ticks}${markers}${xLabel}</svg>`;
}

export interface Bar {
  label: string;
  value: number;
  /** Optional second value drawn as a thin marker (e.g. a target). */
  target?: number;
  note?: string;
}

/** Horizontal bars with their values, one per row. */
export function barChartSvg(bars: readonly Bar[], opts: { title?: string; unit?: string; width?: number; color?: string } = {}): string {
  const width = opts.width ?? 640;
  const rowH = 22;
  const labelW = 230;
  const top = opts.title ? 28 : 8;
  const height = top + bars.length * rowH + 10;
  const finite = bars.filter((b) => Number.isFinite(b.value));
  const max = Math.max(1e-9, ...finite.map((b) => b.value), ...finite.map((b) => b.target ?? 0));
  const w = width - labelW - 90;
  const unit = opts.unit ?? '';
  const rows = bars
    .map((b, i) => {
      const yy = top + i * rowH;
      const bw = Number.isFinite(b.value) ? Math.max(0, (b.value / max) * w) : 0;
      const target = b.target !== undefined ? `<line x1="${labelW + (b.target / max) * w}" x2="${labelW + (b.target / max) * w}" y1="${yy}" y2="${yy + rowH - 6}" stroke="#c0392b" stroke-width="2"><title>target ${esc(fmt(b.target, 2))} ${esc(unit)}</title></line>` : '';
      return `<text x="${labelW - 6}" y="${yy + 13}" font-size="11" text-anchor="end">${esc(b.label)}</text><rect x="${labelW}" y="${yy}" width="${bw.toFixed(1)}" height="${rowH - 6}" fill="${opts.color ?? '#4f7cac'}"/>${target}<text x="${labelW + bw + 4}" y="${yy + 13}" font-size="11">${esc(Number.isFinite(b.value) ? `${fmt(b.value, b.value < 10 ? 2 : 1)} ${unit}` : 'n/a')}${b.note ? ` ${esc(b.note)}` : ''}</text>`;
    })
    .join('');
  const title = opts.title ? `<text x="8" y="18" font-size="13" font-weight="bold">${esc(opts.title)}</text>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="sans-serif">${title}${rows}</svg>`;
}

/** A plain HTML table. Cells are escaped unless given as {html}. */
export function htmlTable(head: readonly string[], rows: readonly (readonly (string | number | { html: string; style?: string })[])[], cls = ''): string {
  const cell = (c: string | number | { html: string; style?: string }, tag: 'td' | 'th') =>
    typeof c === 'object' ? `<${tag}${c.style ? ` style="${esc(c.style)}"` : ''}>${c.html}</${tag}>` : `<${tag}>${esc(c)}</${tag}>`;
  return `<table${cls ? ` class="${cls}"` : ''}><thead><tr>${head.map((h) => cell(h, 'th')).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => cell(c, 'td')).join('')}</tr>`).join('')}</tbody></table>`;
}

export const REPORT_CSS = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}h3{font-size:15px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f5f5f5}.num td{text-align:right}.ok{color:#1e7d32;font-weight:bold}.bad{color:#b71c1c;font-weight:bold}
.confusion td{text-align:center;min-width:34px}.confusion th{font-size:12px}.muted{color:#777;font-size:12px}
code{background:#f4f4f4;padding:1px 4px;border-radius:3px}pre{overflow-x:auto;font-size:12px}.fail{margin:6px 0;padding:6px 10px;background:#fff4f4;border-left:3px solid #b71c1c;font-size:13px}
.gap{margin:6px 0;padding:6px 10px;background:#fffaf0;border-left:3px solid #e0a000;font-size:13px}
`;
