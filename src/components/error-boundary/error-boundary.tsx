import { Component, type ErrorInfo, type ReactNode } from 'react';
import { toError } from '../../text/error-message.ts';

export interface ErrorBoundaryProps {
  /** What to show instead of the broken part; gets the error and a retry. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps one broken part (a chunk that failed to load, a rendering bug) from blanking the whole
 * console: the rest of the page, and whatever the user typed, stays.
 * @example <ErrorBoundary fallback={(e) => <p>{e.message}</p>}><Viewer /></ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: toError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A part of the console failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error) return this.props.fallback(error, () => this.setState({ error: null }));
    return this.props.children;
  }
}
