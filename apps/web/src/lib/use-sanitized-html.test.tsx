import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSanitizedHtml } from './use-sanitized-html';

function Description({ html }: { html?: string }) {
  const clean = useSanitizedHtml(html);
  if (clean === null) return <p>waiting</p>;
  return <div data-testid="rich" dangerouslySetInnerHTML={{ __html: clean }} />;
}

describe('useSanitizedHtml', () => {
  it('shows rich text once the sanitiser is in, without its scripts and handlers', async () => {
    render(<Description html={'<p onclick="steal()">青花<script>steal()</script><img src=x onerror="steal()"></p>'} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    const rich = await screen.findByTestId('rich');
    expect(rich).toHaveTextContent('青花');
    expect(rich.innerHTML).not.toMatch(/script|onclick|onerror/);
  });

  it('waits while there is no text yet', () => {
    render(<Description />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
  });
});
