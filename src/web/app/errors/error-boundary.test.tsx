import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReport } from '../../../contracts/error-reports';
import { initI18n } from '../../lib/i18n';
import { ErrorBoundary, type BoundaryLevel } from './error-boundary';

const CONFIG = { organisationName: 'Riverside Clinic', supportEmail: 'help@clinic.test', demoMode: true };

let fetchMock: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;
let consoleError: ReturnType<typeof vi.spyOn>;
let consoleWarn: ReturnType<typeof vi.spyOn>;

/** A child that fails with `message` while `failing.current` is set, and counts its renders. */
function makeChild(message: string) {
  const state = { failing: true, renders: 0 };
  function Child() {
    state.renders += 1;
    if (state.failing) throw new Error(message);
    return <p>Appointments loaded</p>;
  }
  return { state, Child };
}

function renderBoundary(
  children: ReactNode,
  props: { level?: BoundaryLevel; portalName?: string; maxRetries?: number; retryDelayMs?: number } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: async () => CONFIG, retry: false } } });
  client.setQueryData(['/api/public/config'], CONFIG);
  return render(
    <QueryClientProvider client={client}>
      <ErrorBoundary
        level={props.level ?? 'app'}
        name="test-boundary"
        portalName={props.portalName}
        maxRetries={props.maxRetries}
        retryDelayMs={props.retryDelayMs}
      >
        {children}
      </ErrorBoundary>
    </QueryClientProvider>,
  );
}

function reports(): ErrorReport[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/error-reports')
    .map(([, init]) => JSON.parse(init.body as string) as ErrorReport);
}

function title() {
  return screen.getByRole('heading', { level: 1 });
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  // React logs every error a boundary catches; these are expected here.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock = vi.fn(
    async () =>
      new Response('{"id":"x","severity":"high","occurrences":1}', { status: 201, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ErrorBoundary titles', () => {
  it.each([
    ['network', 'Failed to fetch', 'app', 'Connection Issue'],
    ['auth', 'Your session has expired', 'app', 'Session Expired'],
    ['render', "Cannot read properties of undefined (reading 'map')", 'app', 'Display Error'],
    ['unknown at portal level', 'Unexpected value 42', 'portal', 'Portal Temporarily Unavailable'],
    ['unknown at app level', 'Unexpected value 42', 'app', 'Something Went Wrong'],
    ['chunk load', 'Failed to fetch dynamically imported module: /assets/landing-page-3f2a.js', 'route', 'Failed to load the page'],
  ] as const)('%s → "%s"', (_kind, message, level, expected) => {
    const { Child } = makeChild(message);
    renderBoundary(<Child />, { level });
    expect(title()).toHaveTextContent(expected);
    expect(screen.queryByText('Appointments loaded')).not.toBeInTheDocument();
  });

  it('renders the children untouched when nothing fails', () => {
    const { state, Child } = makeChild('never');
    state.failing = false;
    renderBoundary(<Child />);
    expect(screen.getByText('Appointments loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ErrorBoundary screen', () => {
  it('shows the error id and the patient-data notice', () => {
    const { Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />);
    expect(screen.getByTestId('error-id').textContent).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]+$/);
    expect(screen.getByText(/patient data remains secure/i)).toBeInTheDocument();
  });

  it.each(['app', 'portal'] as const)('at %s level offers Try Again, Restore Session, Go Home and Report Issue', (level) => {
    const { Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />, { level });
    const errorId = screen.getByTestId('error-id').textContent!;

    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restore Session' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    const report = screen.getByRole('link', { name: 'Report Issue' }).getAttribute('href')!;
    expect(report.startsWith('mailto:help@clinic.test?')).toBe(true);
    const query = new URLSearchParams(report.slice(report.indexOf('?') + 1));
    expect(query.get('subject')).toContain(errorId);
    expect(query.get('body')).toContain(errorId);
    expect(query.get('body')).toContain('Unexpected value 42');
    expect(screen.queryByRole('button', { name: 'Reload Page' })).not.toBeInTheDocument();
  });

  it('at route level offers Reload Page and Go Home only', () => {
    const { Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />, { level: 'route' });
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Restore Session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report Issue' })).not.toBeInTheDocument();
  });

  it('shows "{portal} Portal Error: {message}" when given a portal name', () => {
    const { Child } = makeChild('Vitals widget exploded');
    renderBoundary(<Child />, { level: 'portal', portalName: 'Patient' });
    expect(screen.getByText('Patient Portal Error: Vitals widget exploded')).toBeInTheDocument();
  });

  it('Try Again renders the children again', () => {
    const { state, Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />);
    expect(title()).toHaveTextContent('Something Went Wrong');
    state.failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Appointments loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ErrorBoundary automatic retry', () => {
  it('retries a network error after 2000 ms, then 4000 ms, and recovers', async () => {
    vi.useFakeTimers();
    const { state, Child } = makeChild('Failed to fetch');
    renderBoundary(<Child />, { level: 'app' });
    expect(title()).toHaveTextContent('Connection Issue');
    expect(screen.getByText(/attempt 1 of 3/)).toBeInTheDocument();

    // First failure: nothing happens before 2000 ms.
    let renders = state.renders;
    await advance(1999);
    expect(state.renders).toBe(renders);
    await advance(1);
    expect(state.renders).toBeGreaterThan(renders);

    // Second failure: the next attempt waits 4000 ms.
    expect(title()).toHaveTextContent('Connection Issue');
    expect(screen.getByText(/attempt 2 of 3/)).toBeInTheDocument();
    renders = state.renders;
    state.failing = false;
    await advance(3999);
    expect(state.renders).toBe(renders);
    expect(screen.queryByText('Appointments loaded')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Appointments loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses the given base delay (portal: 3000 ms)', async () => {
    vi.useFakeTimers();
    const { state, Child } = makeChild('Network request failed');
    renderBoundary(<Child />, { level: 'portal' });
    state.failing = false;
    await advance(2999);
    expect(screen.queryByText('Appointments loaded')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Appointments loaded')).toBeInTheDocument();
  });

  it('does not retry a render error automatically', async () => {
    vi.useFakeTimers();
    const { state, Child } = makeChild("Cannot read properties of undefined (reading 'map')");
    renderBoundary(<Child />);
    const renders = state.renders;
    expect(screen.queryByText(/Retrying in/)).not.toBeInTheDocument();
    state.failing = false;
    await advance(60_000);
    expect(state.renders).toBe(renders);
    expect(title()).toHaveTextContent('Display Error');
  });

  it('does not retry a chunk-load error automatically', async () => {
    vi.useFakeTimers();
    const { state, Child } = makeChild('Failed to fetch dynamically imported module: /assets/page.js');
    renderBoundary(<Child />, { level: 'route' });
    const renders = state.renders;
    await advance(60_000);
    expect(state.renders).toBe(renders);
    expect(title()).toHaveTextContent('Failed to load the page');
  });

  it('stops after maxRetries', async () => {
    vi.useFakeTimers();
    const { state, Child } = makeChild('Failed to fetch');
    renderBoundary(<Child />, { level: 'route', maxRetries: 2, retryDelayMs: 1000 });

    await advance(1000); // retry 1
    expect(screen.getByText(/attempt 2 of 2/)).toBeInTheDocument();
    await advance(2000); // retry 2, fails again: no more
    expect(screen.queryByText(/Retrying in/)).not.toBeInTheDocument();
    const renders = state.renders;
    await advance(10 * 60_000);
    expect(state.renders).toBe(renders);
    expect(title()).toHaveTextContent('Connection Issue');
    // One report per failure: the first and the two retries.
    await act(async () => {});
    expect(reports().map((r) => r.recoveryAttempts)).toEqual([0, 1, 2]);
  });

  it('retries a network error at once when the browser comes back online', async () => {
    vi.useFakeTimers();
    const { state, Child } = makeChild('You are offline');
    renderBoundary(<Child />);
    state.failing = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Appointments loaded')).toBeInTheDocument();
  });

  it('ignores the online event for other errors', async () => {
    const { state, Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />);
    state.failing = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(title()).toHaveTextContent('Something Went Wrong');
  });
});

describe('ErrorBoundary reports', () => {
  it('POSTs a report to /api/error-reports with the shown error id', async () => {
    const { Child } = makeChild('Failed to fetch');
    renderBoundary(<Child />, { level: 'route' });
    const errorId = screen.getByTestId('error-id').textContent;

    await waitFor(() => expect(reports()).toHaveLength(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/error-reports')!;
    expect(init.method).toBe('POST');
    expect(reports()[0]).toMatchObject({
      id: errorId,
      errorType: 'network',
      severity: 'medium',
      errorBoundary: 'test-boundary',
      recoveryAttempts: 0,
    });
  });

  it('reports an app-level failure as critical', async () => {
    const { Child } = makeChild("Cannot read properties of undefined (reading 'map')");
    renderBoundary(<Child />, { level: 'app' });
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]).toMatchObject({ errorType: 'component', severity: 'critical' });
  });

  it('only logs when the report cannot be sent', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />);

    await waitFor(() => expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining('could not be sent'), expect.any(TypeError)));
    expect(title()).toHaveTextContent('Something Went Wrong');
    expect(consoleError).toHaveBeenCalled(); // React's own log of the caught error, silenced
  });

  it('only logs when the server refuses the report', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } }));
    const { Child } = makeChild('Unexpected value 42');
    renderBoundary(<Child />);
    await waitFor(() => expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining('was not accepted (500)')));
    expect(title()).toHaveTextContent('Something Went Wrong');
  });
});
