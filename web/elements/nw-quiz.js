// <nw-quiz>: the five LayerNorm questions. Radio groups graded in the page, an explanation for
// every option, a score "k / 5", retry, progress kept in localStorage.
import { NwElement, html, css } from '../lib/base.js';

// For each question: its options (keys of web/i18n) in display order, the correct one, and the
// figure that shows the answer.
const QUESTIONS = [
  { id: 'q1', options: ['a', 'b', 'c', 'd'], answer: 'b', figure: 'norm-axes' },
  { id: 'q2', options: ['a', 'b', 'c', 'd'], answer: 'c', figure: 'batch-independence' },
  { id: 'q3', options: ['a', 'b', 'c', 'd'], answer: 'a', figure: 's9' },
  { id: 'q4', options: ['a', 'b', 'c', 'd'], answer: 'd', figure: 'prepost-ln' },
  { id: 'q5', options: ['a', 'b', 'c', 'd'], answer: 'b', figure: 'rmsnorm' },
];
const STORE = 'normwave.quiz';

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? '{}');
    const out = {};
    for (const q of QUESTIONS) if (q.options.includes(saved[q.id])) out[q.id] = saved[q.id];
    return out;
  } catch {
    return {};
  }
}

/**
 * Attributes: figure-base (URL the "see the figure" links start from; default '' = this page),
 * lang, theme.
 */
export class NwQuiz extends NwElement {
  static properties = {
    answers: { state: true },
    figureBase: { type: String, attribute: 'figure-base' },
  };

  static styles = [NwElement.styles, css`
    fieldset { border: 1px solid var(--nw-border); border-radius: 8px; margin: 0 0 12px; padding: 10px 12px; }
    legend { font-weight: 600; padding: 0 4px; }
    .option { display: flex; gap: 8px; align-items: flex-start; padding: 6px 4px; border-radius: 6px; cursor: pointer; }
    .option input { margin-top: 5px; accent-color: var(--nw-accent); width: 18px; height: 18px; flex: none; }
    .option.correct { background: color-mix(in srgb, var(--nw-ok) 14%, transparent); }
    .option.wrong { background: color-mix(in srgb, var(--nw-warn) 14%, transparent); }
    .why { margin: 2px 0 0 30px; font-size: 0.88rem; color: var(--nw-muted); }
    .verdict { font-weight: 600; margin: 6px 0 0; }
    .verdict.ok { color: var(--nw-ok); }
    .verdict.bad { color: var(--nw-warn); }
    .score { display: flex; justify-content: space-between; align-items: center; gap: 10px; flex-wrap: wrap; }
    .score strong { font-size: 1.1rem; }
    button.retry { font: inherit; border: 1px solid var(--nw-border); background: var(--nw-panel); color: var(--nw-fg); border-radius: 8px; padding: 6px 14px; min-height: 36px; cursor: pointer; }
    a { color: var(--nw-accent-2); }
  `];

  constructor() {
    super();
    this.answers = load();
    this.figureBase = '';
  }

  _choose(q, option) {
    this.answers = { ...this.answers, [q.id]: option };
    try { localStorage.setItem(STORE, JSON.stringify(this.answers)); } catch { /* storage off: keep it in the page */ }
  }

  _retry() {
    this.answers = {};
    try { localStorage.removeItem(STORE); } catch { /* nothing stored */ }
    this.renderRoot.querySelector('input[type=radio]')?.focus();
  }

  get score() {
    return QUESTIONS.filter((q) => this.answers[q.id] === q.answer).length;
  }

  _question(q, n) {
    const chosen = this.answers[q.id];
    const answered = chosen !== undefined;
    const right = chosen === q.answer;
    return html`<fieldset data-question=${q.id} data-state=${answered ? (right ? 'correct' : 'wrong') : 'open'}>
      <legend>${n}. ${this.t(`quiz.${q.id}`)}</legend>
      ${q.options.map((o) => {
        const id = `${q.id}-${o}`;
        const cls = answered && o === q.answer ? 'correct' : answered && o === chosen ? 'wrong' : '';
        return html`<label class="option ${cls}" for=${id}>
            <input type="radio" id=${id} name=${q.id} value=${o} .checked=${chosen === o}
              @change=${() => this._choose(q, o)}>
            <span>${this.t(`quiz.${q.id}.${o}`)}</span>
          </label>
          ${answered ? html`<p class="why" id=${`${id}-why`}>${this.t(o === q.answer ? 'quiz.correctMark' : 'quiz.wrongMark')} ${this.t(`quiz.${q.id}.${o}.why`)}</p>` : ''}`;
      })}
      ${answered ? html`<p class="verdict ${right ? 'ok' : 'bad'}" role="status">${this.t(right ? 'quiz.right' : 'quiz.wrong')}
        <a href=${`${this.figureBase}#${q.figure}`}>${this.t('quiz.seeFigure')}</a></p>` : ''}
    </fieldset>`;
  }

  render() {
    const answered = Object.keys(this.answers).length;
    return html`
      <p class="title">${this.t('quiz.title')}</p>
      <p class="caption">${this.t('quiz.caption')}</p>
      <form @submit=${(e) => e.preventDefault()}>
        ${QUESTIONS.map((q, i) => this._question(q, i + 1))}
      </form>
      <div class="score">
        <span class="readout" aria-live="polite" data-readout><strong>${this.score} / ${QUESTIONS.length}</strong> ${this.t('quiz.scoreSuffix', { answered })}</span>
        <button type="button" class="retry" @click=${this._retry}>${this.t('quiz.retry')}</button>
      </div>
    `;
  }
}

customElements.define('nw-quiz', NwQuiz);
