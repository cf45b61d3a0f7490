// popup.html's search shell (entrypoints/popup/search/search-shell.ts) takes typing before the
// popup's script runs. This classic script runs as the page is parsed, right after the shell:
// it gives the shell its label and placeholder in the reader's language and the page its
// language (docs/architecture.md, "Strings"). Browsers put no messages into an extension's
// HTML, and the popup's own script, a module, runs only once the page is parsed.
{
  const t = (key) => globalThis.chrome.i18n.getMessage(key);
  const shell = document.getElementById('search-shell');
  document.documentElement.lang = t('languageTag');
  shell.placeholder = t('searchPlaceholder');
  shell.setAttribute('aria-label', t('searchLabel'));
}
