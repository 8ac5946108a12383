import { useLayoutEffect, useState } from 'react';

type Stage = 'unused' | 'closed' | 'open';

/**
 * For an antd-mobile Popup (or a sheet built on one) mounted only once it is first wanted: it
 * takes its first `visible` without animating, so it is mounted closed first and opened in the
 * next layout pass, and slides in as a Popup always has. `ready` is false while its code loads.
 * Returns whether to mount it and the `visible` to give it; one that starts open shows at once.
 */
export function useSlideIn(visible: boolean, ready = true): { mounted: boolean; visible: boolean } {
  const [stage, setStage] = useState<Stage>(visible && ready ? 'open' : 'unused');
  useLayoutEffect(() => {
    if (stage === 'unused' && visible && ready) setStage('closed');
    else if (stage === 'closed') setStage('open');
  }, [stage, visible, ready]);
  return { mounted: stage !== 'unused' && ready, visible: stage === 'open' && visible };
}
