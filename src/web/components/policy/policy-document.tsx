import { type ReactNode, useMemo } from 'react';

/**
 * The policy pages' content files are a small Markdown subset: '## ' and '### ' headings, '- ' lists, paragraphs,
 * **bold** and [links](/path). Headings get ids (e.g. #wheel-return-policy) so other pages can link to a section.
 */
type Block =
  | { kind: 'heading'; level: 2 | 3; text: string; id: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; text: string };

export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function parsePolicy(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const first = lines[0] ?? '';
    const heading = /^(#{2,3})\s+(.*)$/.exec(first);
    if (heading) {
      const text = heading[2] ?? '';
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, text, id: headingId(text) });
      continue;
    }
    if (lines.every((line) => line.startsWith('- '))) {
      blocks.push({ kind: 'list', items: lines.map((line) => line.slice(2)) });
      continue;
    }
    blocks.push({ kind: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[(.+?)\]\((.+?)\)/g;
  let last = 0;
  let key = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1] !== undefined) {
      parts.push(<strong key={key++}>{match[1]}</strong>);
    } else {
      const href = match[3] ?? '';
      const external = /^https?:/.test(href);
      parts.push(
        <a
          key={key++}
          href={href}
          className="font-semibold text-brand hover:underline"
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {match[2]}
        </a>,
      );
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function PolicyDocument({ source }: { source: string }) {
  const blocks = useMemo(() => parsePolicy(source), [source]);
  const sections = blocks.filter((block) => block.kind === 'heading' && block.level === 2);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_1fr]">
      <nav aria-label="On this page" className="hidden lg:block">
        <ul className="sticky top-24 space-y-2 text-sm">
          {sections.map((block) =>
            block.kind === 'heading' ? (
              <li key={block.id}>
                <a href={`#${block.id}`} className="text-black/70 hover:text-brand hover:underline">
                  {block.text}
                </a>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
      <article className="max-w-prose space-y-4 text-[0.95rem] leading-relaxed text-black/80">
        {blocks.map((block, index) => {
          if (block.kind === 'heading') {
            const Tag = block.level === 2 ? 'h2' : 'h3';
            return (
              <Tag key={index} id={block.id} className="scroll-mt-24 pt-4 text-xl font-bold text-ink">
                {block.text}
              </Tag>
            );
          }
          if (block.kind === 'list') {
            return (
              <ul key={index} className="list-disc space-y-1.5 pl-5">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </ul>
            );
          }
          return <p key={index}>{inline(block.text)}</p>;
        })}
      </article>
    </div>
  );
}
