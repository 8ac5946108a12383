import { Button } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { pagePath } from '../../lib/route-paths';
import { RuleContent } from './rule-content';

/** The rules a member agrees to somewhere in the app (each has a name in the locales). */
export type AgreedRule = 'agreement' | 'privacy' | 'auction' | 'delegate' | 'pick' | 'withdraw';

interface RuleLinkProps {
  id: AgreedRule;
  /** The link's words; the rule's name (《提货规则》) when left out. */
  children?: ReactNode;
  testId?: string;
}

/**
 * A rule's name that opens its text in a sheet over the screen, so that nothing typed (an
 * amount, a reserve) and no sheet underneath is lost; the link's address is the rule page's.
 */
export function RuleLink({ id, children, testId }: RuleLinkProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={`#${pagePath('rule', { id })}`}
        className="rule-link"
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setOpen(true);
        }}
        data-testid={testId ?? `rule-link-${id}`}
      >
        {children ?? t(`rule.names.${id}`)}
      </a>
      <Sheet
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="agreement-popup"
        destroyOnClose
      >
        <div className="agreement-popup-body" data-testid={`rule-sheet-${id}`}>
          <RuleContent id={id} />
        </div>
        <div className="agreement-popup-actions">
          <Button color="primary" block shape="rounded" onClick={() => setOpen(false)} data-testid="rule-sheet-close">
            {t('rule.close')}
          </Button>
        </div>
      </Sheet>
    </>
  );
}

/** "By submitting you agree to 《提货规则》", the name a RuleLink: under the button that submits. */
export function RuleAgreement({ id, className }: { id: AgreedRule; className?: string }) {
  const { t } = useTranslation();
  const name = t(`rule.names.${id}`);
  // The sentence marks where the name goes (<link>…</link>): word order differs by language.
  const [before = '', linked = name, after = ''] =
    /^([\s\S]*)<link>([\s\S]*)<\/link>([\s\S]*)$/.exec(t('rule.agreeOnSubmit', { name }))?.slice(1) ?? [];
  return (
    <p className={className ? `rule-agreement ${className}` : 'rule-agreement'} data-testid={`rule-agreement-${id}`}>
      {before}
      <RuleLink id={id}>{linked}</RuleLink>
      {after}
    </p>
  );
}
