// The article's one blocking script (a classic script in <head>, before anything is drawn): the
// reader's language and theme. The Korean page is the site's root, the English one its en/ folder;
// <html data-ko-href data-en-href> say where each is from this page.
//   ?lang=en | ko   go to that page (the hash kept) and remember the choice;
//   ?lang=<other>   Korean, and any remembered choice is forgotten (so that a value such as
//                   "constructor" or "__proto__" cannot break every later visit);
//   no ?lang        the root follows a remembered "en"; a remembered value that is neither
//                   language is removed. The English page never redirects by itself.
// The theme (light / dark / auto) is applied here so the page never flashes the wrong one.
(function () {
  'use strict';
  var LANG_KEY = 'normwave.lang';
  var THEME_KEY = 'normwave.theme';
  var root = document.documentElement;
  var here = root.lang;
  function get(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }
  function set(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (e) {
      /* storage off: the choice lasts this visit */
    }
  }
  // 'en-US' -> 'en'; anything else that is not ko/en -> null. Plain string comparisons only.
  function known(tag) {
    var base = String(tag).toLowerCase().split('-')[0];
    return base === 'ko' || base === 'en' ? base : null;
  }

  var params = new URLSearchParams(location.search);
  var asked = params.get('lang');
  var want = here;
  if (asked !== null) {
    want = known(asked);
    set(LANG_KEY, want); // null forgets a bad value
    if (want === null) want = 'ko';
    params.delete('lang');
  } else {
    var stored = get(LANG_KEY);
    if (stored !== null && known(stored) === null) set(LANG_KEY, null);
    else if (here === 'ko' && known(stored) === 'en') want = 'en';
  }
  var rest = params.toString();
  var query = rest ? '?' + rest : '';
  if (want !== here) {
    location.replace(root.getAttribute(want === 'en' ? 'data-en-href' : 'data-ko-href') + query + location.hash);
    return;
  }
  if (asked !== null) history.replaceState(history.state, '', location.pathname + query + location.hash);

  // A click on the language link (any button) remembers the choice before the other page loads.
  function remember(e) {
    var link = e.target instanceof Element && e.target.closest('a[data-lang-switch]');
    if (link) set(LANG_KEY, link.getAttribute('hreflang'));
  }
  document.addEventListener('click', remember);
  document.addEventListener('auxclick', remember);

  var theme = get(THEME_KEY);
  if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
})();
