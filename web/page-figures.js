// What the article (page.js) needs before its own code runs, until it loads each figure near the
// viewport from ./figures/: both languages' strings (page.js translates the article text
// synchronously at start; imported first, so figures upgraded below find them) and every element.
import './lib/all-strings.js';
import './elements/index.js';
