import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageError } from './page-error';

interface PageErrorBoundaryProps {
  children: ReactNode;
  /** Called by the retry action before the boundary renders its children again. */
  onRetry?: () => void;
}

interface PageErrorBoundaryState {
  error: unknown;
}

/** Each route's own boundary: a page that fails leaves the navigation bar and tabs usable. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error: error ?? new Error('Unknown page error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <PageError error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
