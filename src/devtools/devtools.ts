/**
 * The DevTools page: Chrome loads it (invisibly) whenever DevTools opens,
 * and its only job is to add the "Browser Agent" panel.
 */
void chrome.devtools.panels.create('Browser Agent', '', 'src/devtools/panel.html');
