import { Component, type ErrorInfo, type ReactNode } from 'react';
import { backoffDelay, ERROR_HANDLING } from '../../../contracts/constants';
import { classifyError, isChunkLoadError, type BoundaryLevel } from '../../lib/error-classification';
import { buildErrorReport, newErrorId, sendErrorReport } from '../../lib/error-reporter';
import { ErrorScreen } from './error-screen';

// The error boundary: classifies the error, reports it, retries network errors
// automatically (base delay × 2^n, up to the maximum) and when the browser comes back online.

export type { BoundaryLevel };

interface Props {
  level: BoundaryLevel;
  /** Name sent with the report ("app", "patient-portal", "route:/appointments"). */
  name: string;
  /** Portal errors read "{portal} Portal Error: {message}". */
  portalName?: string;
  maxRetries?: number;
  retryDelayMs?: number;
  children: ReactNode;
}

interface State {
  error: unknown;
  errorId: string | null;
  retryCount: number;
  /** Delay of the automatic retry now scheduled, if any. */
  retryInMs: number | null;
}

const DEFAULTS: Record<BoundaryLevel, { maxRetries: number; retryDelayMs: number }> = {
  app: { maxRetries: ERROR_HANDLING.maxRetries, retryDelayMs: ERROR_HANDLING.retryDelayMs },
  portal: { maxRetries: ERROR_HANDLING.maxRetries, retryDelayMs: ERROR_HANDLING.portalRetryDelayMs },
  route: { maxRetries: ERROR_HANDLING.routeMaxRetries, retryDelayMs: ERROR_HANDLING.routeRetryDelayMs },
};

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorId: null, retryCount: 0, retryInMs: null };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, errorId: newErrorId() };
  }

  private get limits() {
    return {
      maxRetries: this.props.maxRetries ?? DEFAULTS[this.props.level].maxRetries,
      retryDelayMs: this.props.retryDelayMs ?? DEFAULTS[this.props.level].retryDelayMs,
    };
  }

  override componentDidMount() {
    window.addEventListener('online', this.handleOnline);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.handleOnline);
    clearTimeout(this.retryTimer);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const errorId = this.state.errorId ?? newErrorId();
    void sendErrorReport(
      buildErrorReport({
        error,
        errorId,
        boundary: this.props.name,
        level: this.props.level,
        recoveryAttempts: this.state.retryCount,
        component: info.componentStack?.trim().split('\n')[0]?.trim().slice(0, 200),
      }),
    );
    this.scheduleAutomaticRetry(error);
  }

  private canRetryAutomatically(error: unknown): boolean {
    return classifyError(error) === 'network' && !isChunkLoadError(error) && this.state.retryCount < this.limits.maxRetries;
  }

  private scheduleAutomaticRetry(error: unknown) {
    if (!this.canRetryAutomatically(error)) return;
    const delay = backoffDelay(this.state.retryCount, this.limits.retryDelayMs);
    this.setState({ retryInMs: delay });
    this.retryTimer = setTimeout(this.retry, delay);
  }

  private handleOnline = () => {
    if (this.state.error && classifyError(this.state.error) === 'network') {
      clearTimeout(this.retryTimer);
      this.retry();
    }
  };

  /** Renders the children again; counts as one recovery attempt. */
  retry = () => {
    clearTimeout(this.retryTimer);
    this.setState((state) => ({ error: null, errorId: null, retryInMs: null, retryCount: state.retryCount + 1 }));
  };

  override render() {
    const { error, errorId, retryCount, retryInMs } = this.state;
    if (!errorId) return this.props.children;
    return (
      <ErrorScreen
        error={error}
        errorId={errorId}
        level={this.props.level}
        portalName={this.props.portalName}
        retryCount={retryCount}
        maxRetries={this.limits.maxRetries}
        retryInMs={retryInMs}
        onRetry={this.retry}
      />
    );
  }
}
