import { Fragment, useEffect, useState, type ReactNode } from 'react';
import styles from './explanations.module.css';

/**
 * The tutor's Markdown as React elements: paragraphs, lists, headings, fenced code, **bold**,
 * *italic*, `code` and $formulas$. Nothing is ever parsed as HTML (a model's answer is untrusted
 * text), so a `<script>` in an answer shows as the characters it is.
 */
export function Markdown({ text }: { text: string }) {
  return <div className={styles.markdown}>{blocks(text)}</div>;
}

type Katex = typeof import('katex').default;
let katex: Promise<Katex> | null = null;
/** KaTeX is its own chunk, fetched with the first formula an answer shows. */
const loadKatex = () => (katex ??= import('katex').then((m) => m.default));

/**
 * A formula typeset by KaTeX as MathML (the browser draws it: no fonts or stylesheet to ship).
 * KaTeX builds the markup itself from the TeX, with `trust: false` (no links, classes, styles
 * or HTML from the input) and size limits, so a hostile formula renders as red text, never as
 * markup of its own. Until KaTeX arrives (or offline, when it cannot), the TeX shows as written.
 */
function Formula({ tex }: { tex: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadKatex().then(
      (k) => live && setHtml(k.renderToString(tex, { output: 'mathml', throwOnError: false, trust: false, strict: 'ignore', maxSize: 20, maxExpand: 200 })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tex]);
  if (html === null) {
    return (
      <span className={styles.formula} role="math" aria-label={tex}>
        {tex}
      </span>
    );
  }
  return <span className={styles.formula} dangerouslySetInnerHTML={{ __html: html }} />;
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\$[^$\n]+\$|\*[^*\n]+\*)/g;
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    const k = `${key}-${i++}`;
    if (t.startsWith('**')) out.push(<strong key={k}>{t.slice(2, -2)}</strong>);
    else if (t.startsWith('`')) out.push(<code key={k}>{t.slice(1, -1)}</code>);
    else if (t.startsWith('$')) out.push(<Formula key={k} tex={t.slice(1, -1)} />);
    else out.push(<em key={k}>{t.slice(1, -1)}</em>);
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function blocks(text: string): ReactNode[] {
  const lines = text.replace(/\r/g, '').split('\n');
  const out: ReactNode[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (para.length) out.push(<p key={`p${out.length}`}>{inline(para.join(' '), `p${out.length}`)}</p>);
    para = [];
    if (list) {
      const items = list.items.map((it, i) => <li key={i}>{inline(it, `l${out.length}-${i}`)}</li>);
      out.push(list.ordered ? <ol key={`l${out.length}`}>{items}</ol> : <ul key={`l${out.length}`}>{items}</ul>);
    }
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) code.push(lines[i]!);
      out.push(
        <pre key={`c${out.length}`} className={styles.code} data-lang={fence[1] || undefined}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^#{1,4}\s+(.*)$/.exec(line);
    const item = /^\s*(?:([-*])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(<h3 key={`h${out.length}`}>{inline(heading[1]!, `h${out.length}`)}</h3>);
    } else if (item) {
      const ordered = item[2] !== undefined;
      if (para.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[3]!);
    } else if (!line.trim()) {
      flush();
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out.map((n, i) => <Fragment key={i}>{n}</Fragment>);
}
