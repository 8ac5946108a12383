import { go } from '../../lib/navigation';

/** The head of the sign-in and sign-up pages: the house's seal, the page's title and a line under it. */
export function AuthHero({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="auth-hero">
      <div className="auth-seal" aria-hidden="true">
        拾
      </div>
      <h1 className="auth-title">{title}</h1>
      <p className="auth-subtitle">{subtitle}</p>
    </div>
  );
}

/** Under the sign-in and sign-up forms: the other one of the two, in place of this page. */
export function AuthSwitch({
  question,
  action,
  to,
  testId,
}: {
  question: string;
  action: string;
  to: string;
  testId: string;
}) {
  return (
    <p className="auth-switch">
      {question}
      <button type="button" className="link-button" onClick={() => go(to, { replace: true })} data-testid={testId}>
        {action}
      </button>
    </p>
  );
}
