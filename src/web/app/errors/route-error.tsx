import { useMemo } from 'react';
import { useRouteError } from 'react-router';
import { newErrorId } from '../../lib/error-reporter';
import { ErrorScreen } from './error-screen';

/** The router's last line: errors the route boundaries did not catch (for example while matching). */
export function RouteError() {
  const error = useRouteError();
  const errorId = useMemo(() => newErrorId(), []);
  return (
    <ErrorScreen
      error={error}
      errorId={errorId}
      level="app"
      retryCount={0}
      maxRetries={0}
      retryInMs={null}
      onRetry={() => window.location.reload()}
    />
  );
}
