// Focus back where it was when a dialog that is removed on closing (rather than hidden) goes:
// Mantine returns focus only when a modal's `opened` turns false, not when it is unmounted
// (issue 35, point 5). A dialog opened from another dialog (a series' editor from the "which
// occurrences" question) returns focus to what opened the first.
import { useEffect, useState } from 'react';

let lastOpener: HTMLElement | null = null;

export function useReturnFocus(): void {
  // Read while rendering, before the dialog's own effects move focus into it.
  const [opener] = useState(() => {
    const active = document.activeElement as HTMLElement | null;
    if (active && active !== document.body && !active.closest('[role="dialog"]')) lastOpener = active;
    return lastOpener;
  });
  useEffect(
    () => () => {
      setTimeout(() => {
        if (opener?.isConnected && !document.querySelector('[role="dialog"]')) opener.focus();
      }, 0);
    },
    [opener],
  );
}
