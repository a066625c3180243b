import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from './message-text';

describe('MessageText', () => {
  it('makes only links to this site clickable and shows markup as text', () => {
    const origin = window.location.origin;
    const { container } = render(
      <MessageText
        text={`Hello <img src=x onerror=alert(1)>,\nreset: ${origin}/reset-password#token=t0k3n\nor https://evil.example.com/reset-password#token=t0k3n`}
      />,
    );

    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `${origin}/reset-password#token=t0k3n`);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('Hello <img src=x onerror=alert(1)>');
    expect(container).toHaveTextContent('https://evil.example.com/reset-password#token=t0k3n');
  });
});
