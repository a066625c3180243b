import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { DelayedLoading } from './delayed-loading';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DelayedLoading', () => {
  it('renders nothing before 50 ms and the loading status after', () => {
    const { container } = render(<DelayedLoading />);
    expect(container).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(49));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('never shows when unmounted before the delay (a fast load does not flash)', () => {
    const { unmount } = render(<DelayedLoading />);
    act(() => vi.advanceTimersByTime(30));
    unmount();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('honours a custom delay', () => {
    render(<DelayedLoading delayMs={300} />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
