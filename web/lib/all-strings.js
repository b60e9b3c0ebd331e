// Both languages' strings, registered when this module is evaluated: for code that translates
// synchronously at start (the article page). Figures load one language on demand instead.
import ko from '../i18n/ko.js';
import en from '../i18n/en.js';
import { addStrings } from './i18n.js';

addStrings('ko', ko);
addStrings('en', en);
