// The help popover (#help, the Keys button): the keyboard shortcuts.
// Escape closes it and gives the focus back to its button.

import { byId } from '../dom.js';

export function setupHelp() {
  const help = byId('help');
  const helpButton = byId('btn-help');
  const toggleHelp = (open = help.hidden) => {
    help.hidden = !open;
    helpButton.setAttribute('aria-expanded', String(open));
    if (open) help.focus?.();
  };
  help.tabIndex = -1;
  helpButton.addEventListener('click', () => toggleHelp());
  help.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      toggleHelp(false);
      helpButton.focus();
    }
  });
}
