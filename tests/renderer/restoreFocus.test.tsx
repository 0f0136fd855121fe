import { useRestoreFocusTarget } from '@fluentui/react-components';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RESTORE_FOCUS_TARGET } from '../../src/renderer/src/app/shell/restoreFocus';

describe('the mark of where focus goes back to', () => {
  it("is Fluent's useRestoreFocusTarget, which the shell no longer calls at its first render", () => {
    let fluents: ReturnType<typeof useRestoreFocusTarget> | undefined;
    function Probe() {
      fluents = useRestoreFocusTarget();
      return null;
    }
    renderToString(<Probe />);
    expect(RESTORE_FOCUS_TARGET).toEqual(fluents);
  });
});
