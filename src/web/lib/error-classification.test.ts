import { describe, expect, it } from 'vitest';
import { classifyError, isChunkLoadError, reportTypeFor, severityFor } from './error-classification';

describe('classifyError', () => {
  it.each([
    'Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'Request timeout after 30000 ms',
    'The connection was reset',
    'You are offline',
    'WebSocket socket hang up',
  ])('"%s" is a network error', (message) => {
    expect(classifyError(new Error(message))).toBe('network');
  });

  it.each(['Session expired', 'Unauthorized', 'Request failed with status 401', 'Forbidden', 'Invalid auth token', 'Please sign in again'])(
    '"%s" is an auth error',
    (message) => {
      expect(classifyError(new Error(message))).toBe('auth');
    },
  );

  it.each([
    "Cannot read properties of undefined (reading 'map')",
    'Objects are not valid as a React child (found: element)',
    'Rendered fewer hooks than expected',
    'x.map is not a function',
    'Minified React error #31',
  ])('"%s" is a render error', (message) => {
    expect(classifyError(new Error(message))).toBe('render');
  });

  it.each(['Something odd happened', 'Value out of range: 42'])('"%s" is unknown', (message) => {
    expect(classifyError(new Error(message))).toBe('unknown');
  });

  it('reads the error name as well as the message, and accepts non-Error values', () => {
    const timeout = new Error('gave up');
    timeout.name = 'TimeoutError';
    expect(classifyError(timeout)).toBe('network');
    expect(classifyError('connection refused')).toBe('network');
    expect(classifyError(42)).toBe('unknown');
  });

  it('prefers network over auth when both keywords appear', () => {
    expect(classifyError(new Error('Network error while refreshing the session'))).toBe('network');
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://portal.test/assets/landing-page-3f2a.js',
    'Loading chunk 42 failed.',
    'Importing a module script failed.',
    'error loading dynamically imported module',
  ])('detects "%s"', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
  });

  it('detects a ChunkLoadError by name', () => {
    const error = new Error('Loading CSS chunk 3 failed');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('does not flag ordinary failures', () => {
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Session expired'))).toBe(false);
  });
});

describe('reportTypeFor', () => {
  it('maps boundary types onto error-report types', () => {
    expect(reportTypeFor('network', new Error('Failed to fetch'))).toBe('network');
    expect(reportTypeFor('auth', new Error('Session expired'))).toBe('authentication');
    expect(reportTypeFor('render', new Error('x is not a function'))).toBe('component');
    expect(reportTypeFor('unknown', new Error('odd'))).toBe('data');
  });

  it('reports permission problems as permission whatever the boundary type', () => {
    expect(reportTypeFor('auth', new Error('Forbidden'))).toBe('permission');
    expect(reportTypeFor('unknown', new Error('Missing permission billing.view'))).toBe('permission');
    expect(reportTypeFor('auth', new Error('Request failed with status 403'))).toBe('permission');
  });
});

describe('severityFor', () => {
  it('is critical for anything reaching the app boundary', () => {
    for (const type of ['network', 'auth', 'render', 'unknown'] as const) expect(severityFor(type, 'app')).toBe('critical');
  });

  it('is high at portal level', () => {
    for (const type of ['network', 'auth', 'render', 'unknown'] as const) expect(severityFor(type, 'portal')).toBe('high');
  });

  it('is medium for a network error on a route, high otherwise', () => {
    expect(severityFor('network', 'route')).toBe('medium');
    expect(severityFor('auth', 'route')).toBe('high');
    expect(severityFor('render', 'route')).toBe('high');
    expect(severityFor('unknown', 'route')).toBe('high');
  });
});
