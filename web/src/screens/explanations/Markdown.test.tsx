import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

describe("the tutor's Markdown", () => {
  it('shows lists, code, emphasis and formulas, and HTML only as the characters it is', async () => {
    const { container } = render(
      <Markdown
        text={[
          '**Крок 1.** Візьміть `u = x`.',
          '',
          '1. перший',
          '2. другий',
          '',
          '```python',
          'print(1)',
          '```',
          'Формула: $\\int_a^b x^{2}\\,dx \\cdot \\frac{1}{3}$',
          '<script>alert(1)</script><img src=x onerror=alert(1)>',
        ].join('\n')}
      />,
    );
    expect(screen.getByText('Крок 1.').tagName).toBe('STRONG');
    expect(screen.getByText('u = x').tagName).toBe('CODE');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['перший', 'другий']);
    expect(container.querySelector('pre code')?.textContent).toBe('print(1)');
    // KaTeX typesets it as MathML: an integral with its bounds, a power, a fraction.
    await waitFor(() => expect(container.querySelector('math')).not.toBeNull());
    const math = container.querySelector('math')!;
    expect(math.querySelector('msubsup mo')?.textContent).toBe('∫');
    expect([...math.querySelectorAll('msubsup > mi')].map((m) => m.textContent)).toEqual(['a', 'b']);
    expect(math.querySelector('msup mn')?.textContent).toBe('2');
    expect([...math.querySelectorAll('mfrac > mn')].map((m) => m.textContent)).toEqual(['1', '3']);
    expect(math.querySelector('annotation[encoding="application/x-tex"]')?.textContent).toBe('\\int_a^b x^{2}\\,dx \\cdot \\frac{1}{3}');
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('typesets no markup a formula smuggles in', async () => {
    const { container } = render(<Markdown text={'Дивіться $\\href{javascript:alert(1)}{x} + \\htmlClass{evil}{y} + \\url{https://evil.example}$.'} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('a, [href], .evil, script')).toBeNull();
  });
});
