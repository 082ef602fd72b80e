// Bot replies use a little markdown (**bold**, line breaks, "- " lists). Rendered as React nodes, never as HTML.
import { Fragment, type ReactNode } from 'react';

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*(.+?)\*\*|(https?:\/\/[^\s)]+)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={m.index}>{m[1]}</strong>);
    else
      out.push(
        <a key={m.index} href={m[2]} target="_blank" rel="noreferrer noopener">
          {m[2]}
        </a>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const isTableLine = (line: string) => /^\s*\|.*\|\s*$/.test(line);
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** A markdown table (header row, separator, rows) as a small HTML table. */
function Table({ lines }: { lines: string[] }) {
  const rows = lines.filter((l) => !/^\s*\|?\s*:?-{2,}/.test(l)).map(cells);
  const [head, ...body] = rows;
  return (
    <div className="md-table">
      <table>
        <thead>
          <tr>
            {head.map((c, i) => (
              <th key={i} scope="col">
                {inline(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{inline(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Paragraph({ text }: { text: string }) {
  const lines = text.split('\n');
  const blocks: { table: boolean; lines: string[] }[] = [];
  for (const line of lines) {
    const table = isTableLine(line);
    const last = blocks.at(-1);
    if (last && last.table === table) last.lines.push(line);
    else blocks.push({ table, lines: [line] });
  }
  return (
    <>
      {blocks.map((b, i) =>
        b.table && b.lines.length > 1 ? (
          <Table key={i} lines={b.lines} />
        ) : (
          <p key={i}>
            {b.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {inline(line.replace(/^#{1,6}\s+/, ''))}
              </Fragment>
            ))}
          </p>
        ),
      )}
    </>
  );
}

export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((p, i) => (
        <Paragraph key={i} text={p} />
      ))}
    </>
  );
}

/** One line of plain text for lists: no markdown marks, no table pipes. */
export function plainPreview(content: string): string {
  return systemText(content)
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*\|?\s*:?-{2,}.*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** System messages are stored as "[Sistema] …": the bubble already says it is the system. */
export function systemText(content: string): string {
  return content.replace(/^\[[^\]]{1,20}\]\s*/, '');
}
