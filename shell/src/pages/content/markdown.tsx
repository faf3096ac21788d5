import { Fragment, type ReactNode } from 'react';
import { Link } from '@store/router';

/**
 * A small Markdown renderer for the store's own content pages (md/*.md): headings, paragraphs,
 * bullet and numbered lists, pipe tables, **bold**, _italic_ and [links](/path). It builds React
 * elements (no HTML strings), so nothing in a page can inject markup. Internal links use the router.
 */
export function renderMarkdown(source: string): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  const key = () => `b${blocks.length}`;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const Tag = (['h1', 'h2', 'h3'] as const)[level - 1]!;
      blocks.push(<Tag key={key()}>{inline(heading[2]!)}</Tag>);
      i++;
      continue;
    }
    if (/^\s*[-*]\s+/.test(line) || /^\s*\d+\.\s+/.test(line)) {
      const ordered = /^\s*\d+\.\s+/.test(line);
      const pattern = ordered ? /^\s*\d+\.\s+(.*)$/ : /^\s*[-*]\s+(.*)$/;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i]!)) {
        items.push(pattern.exec(lines[i]!)![1]!);
        i++;
      }
      const List = ordered ? 'ol' : 'ul';
      blocks.push(
        <List key={key()}>
          {items.map((item, n) => (
            <li key={n}>{inline(item)}</li>
          ))}
        </List>,
      );
      continue;
    }
    if (line.trim().startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) {
        const cells = lines[i]!.trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-{3,}:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <div
          key={key()}
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={head?.[0] ? `${head.join(', ')}` : 'Table'}
        >
          <table>
            {head && (
              <thead>
                <tr>
                  {head.map((c, n) => (
                    <th key={n} scope="col">
                      {inline(c)}
                    </th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {body.map((row, r) => (
                <tr key={r}>
                  {row.map((c, n) => (
                    <td key={n}>{inline(c)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !/^(#{1,3}\s|\s*[-*]\s|\s*\d+\.\s|\s*\|)/.test(lines[i]!)) {
      paragraph.push(lines[i]!.trim());
      i++;
    }
    blocks.push(<p key={key()}>{inline(paragraph.join(' '))}</p>);
  }
  return blocks;
}

/** **bold**, _italic_ and [text](href) inside a line. */
export function inline(text: string): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|_(.+?)_|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const n = parts.length;
    if (match[1] !== undefined) parts.push(<strong key={n}>{inline(match[1])}</strong>);
    else if (match[2] !== undefined) parts.push(<em key={n}>{inline(match[2])}</em>);
    else {
      const href = match[4]!;
      const label = inline(match[3]!);
      if (href.startsWith('/')) {
        parts.push(
          <Link key={n} to={href}>
            {label}
          </Link>,
        );
      } else if (/^(https?:|mailto:)/.test(href)) {
        parts.push(
          <a key={n} href={href} rel="noopener noreferrer">
            {label}
          </a>,
        );
      } else parts.push(label);
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length === 1 ? parts[0] : parts.map((p, n) => <Fragment key={n}>{p}</Fragment>);
}
