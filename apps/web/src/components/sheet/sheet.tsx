import { Popup, type PopupProps } from 'antd-mobile';
import { useLayoutEffect, useState } from 'react';

type Stage = 'unused' | 'closed' | 'open';

/**
 * The house's bottom sheet: antd-mobile's Popup, mounted the first time it opens. A closed Popup
 * still runs its spring and its drag gesture with every render of its page, and the pages a
 * member lands on (the lot, the mall, a product) hold up to three of them before anyone taps.
 * Mounted closed first, then opened, so that it slides in as a Popup always has.
 */
export function Sheet(props: PopupProps) {
  const [stage, setStage] = useState<Stage>(props.visible ? 'open' : 'unused');
  useLayoutEffect(() => {
    if (stage === 'unused' && props.visible) setStage('closed');
    else if (stage === 'closed') setStage('open');
  }, [stage, props.visible]);
  if (stage === 'unused') return null;
  return <Popup {...props} visible={stage === 'open' && props.visible} />;
}
