// <nw-quiz>: a quiz that measures. An answer is committed by the question's "Check answer" button
// (or Enter on an option), never by choosing an option: arrow keys move through a radio group, so
// choosing alone must not answer. The first committed answer is the one scored (the reader may go
// on checking the other options; only the checked option's explanation is shown), options are
// shuffled (the right answer is an option id, never a position) and of similar length, and the
// score is saved per question set. Questions that ask for a number get their options from the
// library: LayerNorm of a short vector, the wavelengths of a PE table, the softmax's saturation.
// Every question links to the figure that answers it.
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { uniforms, mixSeed } from '../lib/seeded-random.js';
import { saturationRun } from '../lib/attention-saturation.js';

const Q6_X = [1, 2, 3, 6];

/** Numbers for the calculation questions, from the library; vars of the option and explanation strings. */
const CALC = {
  q6(nw) {
    const h = Q6_X.length;
    const { output, mean, variance } = nw.layerNormWithStats(Q6_X, h);
    const mu = mean[0],
      v = variance[0];
    const last = Q6_X[h - 1];
    const values = {
      a: output[h - 1], // LayerNorm
      b: nw.rmsNorm(Q6_X, h)[h - 1], // forgot to subtract μ
      c: (last - mu) / Math.sqrt((v * h) / (h - 1)), // divided by H − 1
      d: last - mu, // forgot to divide
    };
    const shared = { mean: fmt(mu, 2), variance: fmt(v, 2) };
    return Object.fromEntries(
      Object.entries(values).map(([o, x]) => [o, { v: fmt(x, 2), ...shared, a: fmt(values.a, 2) }]),
    );
  },
  q7(nw) {
    const pe = nw.positionalEncoding(2, 8);
    const lambda = [0, 1, 2, 3].map((i) => (2 * Math.PI) / Math.atan2(pe[8 + 2 * i], pe[8 + 2 * i + 1]));
    const shared = Object.fromEntries(
      lambda.map((l, i) => [`l${i}`, l < 100 ? fmt(l, 1) : Math.round(l).toLocaleString('en-US')]),
    );
    return Object.fromEntries(['a', 'b', 'c', 'd'].map((o, i) => [o, { i, s: 2 * i, c: 2 * i + 1, ...shared }]));
  },
  q8(nw) {
    const raw = saturationRun(nw, 64, false).meanMax,
      scaled = saturationRun(nw, 64, true).meanMax;
    const shared = { raw: fmt(raw, 2), scaled: fmt(scaled, 2) };
    return { a: shared, b: shared, c: shared, d: shared };
  },
};

// Each question: the right option, the figure (element id) that answers it, whether its strings take
// numbers from CALC, and whether its options share one template ('quiz.qN.opt') filled per option.
const QUESTIONS = {
  q1: { answer: 'b', figure: 'norm-axes' },
  q2: { answer: 'c', figure: 'batch-independence' },
  q3: { answer: 'a', figure: 's9' },
  q4: { answer: 'd', figure: 'prepost-ln' },
  q5: { answer: 'b', figure: 'rmsnorm' },
  q6: { answer: 'a', figure: 'ln-pipeline', calc: true, template: true },
  q7: { answer: 'd', figure: 'pe-waves', calc: true, template: true },
  q8: { answer: 'a', figure: 'attention-steps', calc: true },
};
const OPTIONS = ['a', 'b', 'c', 'd'];

/** The question sets; the score of each is saved on its own. */
export const QUIZ_SETS = {
  article: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'],
  ln: ['q1', 'q2', 'q3', 'q4', 'q5'],
};
const STORE = 'normwave.quiz';

/** The options of a question in a shuffled order, from a seed (Fisher–Yates on mulberry32). */
export function shuffled(options, seed) {
  const u = uniforms(seed);
  const out = [...options];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function storageKey(set) {
  return `${STORE}.${set}`;
}

/** Saved answers of a set: { first, chosen } with only known questions and options. */
function load(set) {
  const ids = QUIZ_SETS[set];
  const empty = { first: {}, chosen: {} };
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(set)) ?? 'null');
    if (!saved || saved.questions !== ids.join(',')) return empty;
    const pick = (obj) => Object.fromEntries(ids.filter((q) => OPTIONS.includes(obj?.[q])).map((q) => [q, obj[q]]));
    return { first: pick(saved.first), chosen: pick(saved.chosen) };
  } catch {
    return empty;
  }
}

/**
 * Attributes: set ('article': the eight questions, default | 'ln': the five LayerNorm questions of
 * the source article), shuffle-seed (an integer: the option order; default: a new random order on
 * every load), figure-base (URL the "see the figure" links start from; default '' = this page),
 * no-storage (answers stay in the page: none is restored or saved; embed.html sets it), lang,
 * theme. Answers are saved in localStorage under normwave.quiz.<set>.
 */
export class NwQuiz extends NwElement {
  static properties = {
    set: { type: String },
    shuffleSeed: { type: Number, attribute: 'shuffle-seed' },
    figureBase: { type: String, attribute: 'figure-base' },
    noStorage: { type: Boolean, attribute: 'no-storage' },
    first: { state: true },
    chosen: { state: true },
    picked: { state: true },
  };

  static styles = [
    NwElement.styles,
    css`
    fieldset { border: 1px solid var(--nw-border); border-radius: 8px; margin: 0 0 12px; padding: 10px 12px; }
    legend { font-weight: 600; padding: 0 4px; }
    .option { display: flex; gap: 8px; align-items: flex-start; padding: 6px 4px; border-radius: 6px; cursor: pointer; }
    .check { font: inherit; font-size: 0.9rem; border: 1px solid var(--nw-accent); background: var(--nw-panel); color: var(--nw-fg); border-radius: 8px; padding: 5px 14px; min-height: 36px; margin: 6px 0 0; cursor: pointer; }
    .check:disabled { border-color: var(--nw-border); color: var(--nw-muted); cursor: default; }
    form { margin: 0; }
    .option input { margin-top: 5px; accent-color: var(--nw-accent); width: 18px; height: 18px; flex: none; }
    .option.correct { background: color-mix(in srgb, var(--nw-ok) 14%, transparent); }
    .option.wrong { background: color-mix(in srgb, var(--nw-warn) 14%, transparent); }
    .why { margin: 6px 0 0; font-size: 0.9rem; background: var(--nw-panel); border-radius: 6px; padding: 6px 10px; }
    .verdict { font-weight: 600; margin: 6px 0 0; }
    .verdict.ok { color: var(--nw-ok); }
    .verdict.bad { color: var(--nw-warn); }
    .scored { font-size: 0.85rem; color: var(--nw-muted); margin: 4px 0 0; }
    .score { display: flex; justify-content: space-between; align-items: center; gap: 10px; flex-wrap: wrap; }
    .score strong { font-size: 1.1rem; }
    button.retry { font: inherit; border: 1px solid var(--nw-border); background: var(--nw-panel); color: var(--nw-fg); border-radius: 8px; padding: 6px 14px; min-height: 36px; cursor: pointer; }
    a { color: var(--nw-accent-2); }
  `,
  ];

  constructor() {
    super();
    this.set = 'article';
    this.shuffleSeed = null;
    this.figureBase = '';
    this.noStorage = false;
    this.first = {};
    this.chosen = {};
    this.picked = {}; // options selected but not yet checked (not saved)
    this._loadedSet = null;
    this._randomSeed = (Math.random() * 2 ** 32) >>> 0;
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!Object.hasOwn(QUIZ_SETS, this.set)) this.set = 'article';
    if (this._loadedSet !== this.set) {
      ({ first: this.first, chosen: this.chosen } = this.noStorage ? { first: {}, chosen: {} } : load(this.set));
      this.picked = {};
      this._loadedSet = this.set;
    }
    if (this.nw && !this._calc) this._calc = Object.fromEntries(Object.entries(CALC).map(([q, f]) => [q, f(this.nw)]));
  }

  get questions() {
    return QUIZ_SETS[this.set];
  }

  /** Option order of question q: shuffled by the seed attribute (or this load's random seed). */
  order(q) {
    const seed = Number.isInteger(this.shuffleSeed) ? this.shuffleSeed : this._randomSeed;
    return shuffled(OPTIONS, mixSeed(seed, Number(q.slice(1))));
  }

  _save() {
    if (this.noStorage) return;
    try {
      localStorage.setItem(
        storageKey(this.set),
        JSON.stringify({ questions: this.questions.join(','), first: this.first, chosen: this.chosen }),
      );
    } catch {
      /* storage off: keep it in the page */
    }
  }

  /** Selecting an option only marks it; _commit answers with it. */
  _pick(q, option) {
    this.picked = { ...this.picked, [q]: option };
  }

  /** Answers question q with its selected option (the first committed answer is the scored one). */
  _commit(q) {
    const option = this.picked[q] ?? this.chosen[q];
    if (option === undefined) return;
    if (!(q in this.first)) this.first = { ...this.first, [q]: option };
    this.chosen = { ...this.chosen, [q]: option };
    this._save();
  }

  _retry() {
    this.first = {};
    this.chosen = {};
    this.picked = {};
    try {
      if (!this.noStorage) localStorage.removeItem(storageKey(this.set));
    } catch {
      /* nothing stored */
    }
    this.renderRoot.querySelector('input[type=radio]')?.focus();
  }

  get score() {
    return this.questions.filter((q) => this.first[q] === QUESTIONS[q].answer).length;
  }

  _text(q, o, kind) {
    const vars = QUESTIONS[q].calc ? this._calc[q][o] : undefined;
    if (kind === 'option') return this.t(QUESTIONS[q].template ? `quiz.${q}.opt` : `quiz.${q}.${o}`, vars);
    return this.t(`quiz.${q}.${o}.why`, vars);
  }

  _question(q, n) {
    const { answer, figure } = QUESTIONS[q];
    const chosen = this.chosen[q];
    const first = this.first[q];
    const selected = this.picked[q] ?? chosen;
    const answered = first !== undefined;
    const scoredRight = first === answer;
    const commit = (e) => {
      e.preventDefault();
      this._commit(q);
    };
    return html`<form @submit=${commit}><fieldset data-question=${q} data-state=${answered ? (scoredRight ? 'correct' : 'wrong') : 'open'}>
      <legend>${n}. ${this.t(`quiz.${q}`)}</legend>
      ${this.order(q).map((o) => {
        const id = `${q}-${o}`;
        const cls = chosen === o ? (o === answer ? 'correct' : 'wrong') : '';
        return html`<label class="option ${cls}" for=${id} data-option=${o}>
            <input type="radio" id=${id} name=${q} value=${o} .checked=${selected === o}
              aria-describedby=${chosen === o ? `${q}-why` : ''} @change=${() => this._pick(q, o)}
              @keydown=${(e) => {
                if (e.key === 'Enter') commit(e);
              }}>
            <span>${this._text(q, o, 'option')}</span>
          </label>`;
      })}
      <button type="submit" class="check" data-check=${q} ?disabled=${selected === undefined}>${this.t('quiz.check')}</button>
      ${chosen !== undefined ? html`<p class="why" id=${`${q}-why`} data-why=${chosen}>${this.t(chosen === answer ? 'quiz.correctMark' : 'quiz.wrongMark')} ${this._text(q, chosen, 'why')}</p>` : ''}
      ${
        answered
          ? html`<p class="verdict ${scoredRight ? 'ok' : 'bad'}" role="status">${this.t(scoredRight ? 'quiz.right' : 'quiz.wrong')}
        <a href=${`${this.figureBase}#${figure}`}>${this.t('quiz.seeFigure')}</a></p>
        ${chosen !== first ? html`<p class="scored">${this.t('quiz.scoredFirst')}</p>` : ''}`
          : ''
      }
    </fieldset></form>`;
  }

  render() {
    if (!this.nw || !this._calc) return this.renderLoading();
    const total = this.questions.length;
    const answered = this.questions.filter((q) => q in this.first).length;
    return html`
      <p class="title">${this.t(`quiz.title.${this.set}`)}</p>
      <p class="caption">${this.t('quiz.caption')}</p>
      <div class="questions">${this.questions.map((q, i) => this._question(q, i + 1))}</div>
      <div class="score">
        <span class="readout" aria-live="polite" data-readout data-score=${this.score} data-total=${total}><strong>${this.score} / ${total}</strong> ${this.t('quiz.scoreSuffix', { answered, total })}</span>
        <button type="button" class="retry" @click=${this._retry}>${this.t('quiz.retry')}</button>
      </div>
    `;
  }
}

define('nw-quiz', NwQuiz);
